"""2026-07-28 over Streamable HTTP: does a tools/call carry the arguments its tool marks with `x-mcp-header` as
`Mcp-Param-{name}` headers (Base64-wrapped where a value is not plain header text), and does the client leave out
of its list the tool whose marking breaks the rules (it is never called)? The probe's header_echo, header_invalid
and header_number (fixtures.py) are offered only in that era; the harness's callers call whichever they are given.
Whether header_number, marked on a number parameter, was kept is recorded but does not decide: the spec forbids that
marking as well, but the TypeScript SDK 2.0.0 accepts it on purpose, so keeping it is a known, narrower slip."""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable
from typing import Any

from ...model.probe import HANDSHAKE_ONLY
from ..fixtures import HEADER_PARAMS, HEADER_TOOL, INVALID_HEADER_TOOL, NUMBER_HEADER_TOOL
from ..transcript import Entry, Transcript
from .base import Rating, Scenario, plain

FEATURE = "stateless.param-headers"
SENTINEL = re.compile(r"=\?base64\?(.*)\?=", re.DOTALL)
# what a header may carry as it is: visible ASCII, with spaces and tabs only inside (RFC 9110 field values)
PLAIN = re.compile(r"([\x21-\x7e]([\x20-\x7e\t]*[\x21-\x7e])?)?")


def header_text(value: Any) -> str | None:
    """An argument as its header carries it (before any Base64); None where no header is due (absent, null, or not
    a primitive the marking allows)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return str(value)
    return None


def needs_base64(text: str) -> bool:
    return PLAIN.fullmatch(text) is None or SENTINEL.fullmatch(text) is not None


def decoded(header: str) -> str | None:
    """The value a header stands for: a Base64-wrapped one decoded (None when it does not decode)."""
    wrapped = SENTINEL.fullmatch(header)
    if wrapped is None:
        return header
    try:
        return base64.b64decode(wrapped.group(1), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None


def problems(call: Entry) -> list[str]:
    """What is wrong with the Mcp-Param headers of one tools/call of the header tool, as a server checks them."""
    arguments = call.params.get("arguments")
    given = arguments if isinstance(arguments, dict) else {}
    found = []
    for arg, name in HEADER_PARAMS.items():
        text, sent = header_text(given.get(arg)), call.headers.get(f"mcp-param-{name.lower()}")
        if text is None:
            if sent is not None:
                found.append(f"Mcp-Param-{name} sent without a value")
        elif sent is None:
            found.append(f"Mcp-Param-{name} missing")
        elif decoded(sent) != text:
            found.append(f"Mcp-Param-{name} does not match the argument")
        elif needs_base64(text) and SENTINEL.fullmatch(sent) is None:
            found.append(f"Mcp-Param-{name} not Base64-wrapped")
    return found


def carries_values(call: Entry) -> bool:
    arguments = call.params.get("arguments")
    return isinstance(arguments, dict) and any(header_text(arguments.get(arg)) is not None for arg in HEADER_PARAMS)


class ParamHeaders(Scenario):
    features = (FEATURE,)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        if t.transport != "streamable-http":  # other transports may ignore the markings
            yield plain(FEATURE, None)
            return
        if t.initialize is not None and not t.modern and not any(t.requests("server/discover")):
            # no verdict by itself, as for the stateless scenario's features: kb/observed.py reads it as a "no" where
            # the harness offered both eras
            yield plain(FEATURE, None, [t.initialize], detail={"outcome": HANDSHAKE_ONLY})
            return
        calls = [e for e in t.modern if e.http_method == "POST" and e.method == "tools/call"]
        echoed = [e for e in calls if e.params.get("name") == HEADER_TOOL and carries_values(e)]
        invalid = [e for e in calls if e.params.get("name") == INVALID_HEADER_TOOL]
        number = any(e.params.get("name") == NUMBER_HEADER_TOOL for e in calls)
        if not echoed and not invalid:
            yield plain(FEATURE, None)
            return
        found = {e.index: problems(e) for e in echoed}
        wrong = [e for e in echoed if found[e.index]]
        detail = {
            "calls": len(echoed),
            "problems": sorted({p for listed in found.values() for p in listed}),
            "invalidToolCalled": bool(invalid),
            "numberToolCalled": number,
        }
        worked = bool(echoed) and not wrong and not invalid
        yield plain(FEATURE, worked, [*(wrong or echoed)[:2], *invalid[:1]], detail=detail)
