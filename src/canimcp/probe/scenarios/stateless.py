"""The 2026-07-28 era: server/discover, per-request `_meta` (recorded per request, flagged when it changes),
Mcp-Method / Mcp-Name headers, multi round-trip input requests, and falling back to initialize."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...model.probe import HANDSHAKE_ONLY, STARTED_OVER
from ..transcript import META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION, Entry, Transcript
from .base import Rating, Scenario, plain
from .elicitation import SCHEMA
from .sampling import PROMPT

if TYPE_CHECKING:
    from ..handlers import Call

NAMED = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri"}


INPUTS = ("roots", "sampling", "elicitation")


def _input_request(key: str) -> dict[str, Any]:
    if key == "roots":
        return {"method": "roots/list"}
    if key == "sampling":
        return {"method": "sampling/createMessage", "params": {"messages": [PROMPT], "maxTokens": 32}}
    params = {"mode": "form", "message": "canimcp probe: enter any name.", "requestedSchema": SCHEMA}
    return {"method": "elicitation/create", "params": params}


def input_required(call: Call) -> dict[str, Any]:
    """run_scenarios in the stateless era: ask for roots, sampling and elicitation as input requests, in rounds.

    The first round asks for everything the client declared, together, as a server should. With
    `probe_undeclared` (the default), each undeclared one follows in a round of its own: a client that refuses one input
    request abandons the whole call, so asking for two at once would not tell which it refused. A round is
    never asked twice in a session; a client whose call failed may call again to be asked the next one.
    When nothing is left to ask, the (retried) call completes; with `input_requests` off, the first call does."""
    session = call.session
    declared = [key for key in INPUTS if key not in session.inputs_asked and session.declared(key)]
    rounds = [declared] if declared else []
    if session.config.probe_undeclared:
        rounds += [[key] for key in INPUTS if key not in session.inputs_asked and not session.declared(key)]
    if not session.config.input_requests:  # `--no-input-requests`
        rounds = []
    if not rounds:
        responses = call.params.get("inputResponses")
        answered = ", ".join(sorted(responses)) if isinstance(responses, dict) and responses else "nothing"
        return {"content": [{"type": "text", "text": f"Scenarios done; answered in the last round: {answered}."}]}
    session.inputs_asked.update(rounds[0])
    requests = {key: _input_request(key) for key in rounds[0]}
    return {"resultType": "input_required", "inputRequests": requests, "requestState": session.nonce("state")}


class Stateless(Scenario):
    features = (
        "stateless.server-discover",
        "stateless.request-meta",
        "stateless.input-requests",
        "stateless.method-headers",
        "stateless.fallback",
    )

    def assess(self, t: Transcript) -> Iterable[Rating]:
        discovers = list(t.requests("server/discover"))
        if t.initialize is not None and not discovers and not t.modern:
            yield from self._handshake_only(t)
            return
        first = next((e for e in t.entries if e.direction == "in" and e.obj is not None), None)
        detail = {"first": bool(discovers) and first is not None and first.index == discovers[0].index}
        yield plain("stateless.server-discover", True if discovers else None, discovers[:3], detail=detail)
        yield self._meta(t)
        yield self._input_requests(t)
        yield self._headers(t)
        yield self._fallback(t, discovers)

    def _handshake_only(self, t: Transcript) -> Iterable[Rating]:
        """The client opened with initialize and sent nothing in the 2026-07-28 form. Not a verdict by itself: the
        probe may have refused that era (`probe run --era handshake`), or a client may speak it on one transport
        only; kb/observed.py reads it as a "no" where the harness offered both eras."""
        evidence = [t.initialize] if t.initialize is not None else []
        detail = {"outcome": HANDSHAKE_ONLY}
        # the fallback too: a client that never tries the stateless form has none to make (it meets an
        # initialize-era server as it is, and a modern-only one not at all)
        features = (
            "stateless.server-discover",
            "stateless.request-meta",
            "stateless.input-requests",
            "stateless.fallback",
        )
        for feature in features:
            yield plain(feature, None, evidence, detail=detail)
        on_http = t.transport == "streamable-http"  # the headers belong to Streamable HTTP
        yield plain("stateless.method-headers", None, evidence if on_http else [], detail=detail if on_http else None)

    def _meta(self, t: Transcript) -> Rating:
        requests = [e for e in t.requests() if e.method not in (None, "initialize")]
        modern = [e for e in requests if META_PROTOCOL_VERSION in e.meta_params]
        if not modern:
            return plain("stateless.request-meta", None)
        complete = [e for e in modern if META_CLIENT_CAPABILITIES in e.meta_params]
        changed, previous = [], None
        for entry in modern:
            current = {k: entry.meta_params.get(k) for k in (META_CLIENT_CAPABILITIES, META_CLIENT_INFO)}
            if previous is not None and current != previous:
                changed.append(entry.index)
            previous = current
        detail = {"requests": len(modern), "withCapabilities": len(complete), "changedAt": changed}
        return plain("stateless.request-meta", len(complete) == len(modern), [*modern[:3], *changed[:3]], detail=detail)

    def _input_requests(self, t: Transcript) -> Rating:
        asked: list[Entry] = []
        for call in t.requests("tools/call"):
            response = t.response_to(call)
            result = response.obj.get("result") if response and response.obj else None
            if response is not None and isinstance(result, dict) and result.get("resultType") == "input_required":
                asked.append(response)
        if not asked:
            return plain("stateless.input-requests", None)
        retried = [e for e in t.requests("tools/call") if e.index > asked[0].index and "inputResponses" in e.params]
        answered = (
            sorted(retried[0].params["inputResponses"])
            if retried and isinstance(retried[0].params["inputResponses"], dict)
            else []
        )
        return plain("stateless.input-requests", bool(retried), [asked[0], *retried[:1]], detail={"answered": answered})

    def _headers(self, t: Transcript) -> Rating:
        posts = [e for e in t.modern if e.http_method == "POST" and e.is_request]
        if not posts or t.transport != "streamable-http":  # the headers belong to Streamable HTTP, not legacy SSE
            return plain("stateless.method-headers", None)
        wrong = []
        for entry in posts:
            name_key = NAMED.get(entry.method or "")
            if entry.headers.get("mcp-method") != entry.method or (
                name_key and entry.headers.get("mcp-name") != entry.params.get(name_key)
            ):
                wrong.append(entry)
        return plain("stateless.method-headers", not wrong, (wrong or posts)[:3])

    def _fallback(self, t: Transcript, discovers: list[Any]) -> Rating:
        if not discovers:
            return plain("stateless.fallback", None)
        response = t.response_to(discovers[0])
        refused = response is None or response.obj is None or "error" in response.obj
        initialize = next((e for e in t.requests("initialize") if e.index > discovers[0].index), None)
        evidence = [discovers[0], *(x for x in (response, initialize) if x)]
        if refused:
            last = response or discovers[0]
            if initialize is None and t.started_over:  # the probe saw it initialize, in another run
                detail = {"discoverRefused": True, "outcome": STARTED_OVER}
                return plain("stateless.fallback", None, evidence, detail=detail)
            if (
                initialize is None
                and t.transport == "stdio"
                and not any(e.direction == "in" for e in t.after(last.index))
            ):
                # a stdio client may start over with a new server process (Mastra and the OpenAI Agents SDK for
                # JavaScript do): the fallback, if any, is another run's
                detail = {"discoverRefused": True, "outcome": "left after the refusal"}
                return plain("stateless.fallback", None, evidence, detail=detail)
            return plain("stateless.fallback", initialize is not None, evidence, detail={"discoverRefused": True})
        # discover was answered: falling back anyway would be a failure of the era choice
        return plain(
            "stateless.fallback", None if initialize is None else False, evidence, detail={"discoverRefused": False}
        )
