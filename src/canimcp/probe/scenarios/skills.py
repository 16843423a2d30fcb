"""The skills extension: the probe declares io.modelcontextprotocol/skills (from 2025-11-25, and in server/discover)
and serves one skill; does the client ask for skills (skills/list or skills/get) and load the one it is offered
(resources/read of its SKILL.md, whose nonce then reaches the model)? Asking is a "yes"; not asking is no verdict
(see below): "no" comes from reading a client's code. The extension asks nothing of a client's capabilities, so what
it declares is recorded but decides nothing."""

from __future__ import annotations

from collections.abc import Iterable

from ...model.probe import NEVER_ASKED_FOR_SKILLS
from ..fixtures import SKILL_URI, SKILLS_EXTENSION
from ..transcript import Entry, Transcript
from .base import Rating, Scenario, rate, reached_model

FEATURE = f"extensions.{SKILLS_EXTENSION}"


class Skills(Scenario):
    features = (FEATURE,)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        declared = t.declared(FEATURE)
        cited = [t.declaring] if declared and t.declaring else []
        offer = _offer(t)
        asks = [e for e in t.requests() if e.method in ("skills/list", "skills/get")]
        loads = [e for e in t.requests("resources/read") if e.params.get("uri") == SKILL_URI]
        if asks:
            answered = [a for a in (t.response_to(e) for e in asks[:1]) if a is not None]
            reached, nonce_reports, _ = reached_model(t, "skill")
            # a 2026-07-28 client may have read the offer (every server/discover result has it) on another connection
            if offer is None and t.era == "handshake":  # which the extension forbids, but shows the client has it
                steps = ["asked for skills though the probe had not declared the extension"]
            else:
                steps = ["asked for skills", "loaded the offered skill" if loads else "never loaded the offered skill"]
            if reached:
                steps.append("its nonce reached the model")
            evidence: list[Entry] = [*cited, *asks[:2], *answered, *loads[:1], *nonce_reports[:1]]
            yield rate(FEATURE, declared, True, evidence, declarable=False, detail={"outcome": "; ".join(steps)})
        elif offer is None:  # runs from before the probe offered skills, or an older revision
            yield rate(FEATURE, declared, None, cited, declarable=False)
        else:
            # no verdict from one connection: the extension asks a host to list skills after it sees the
            # declaration, not at once, and a CLI that makes one call per connection has no reason to. What was seen
            # is kept: a client that called a tool of this server and never asked had no skill of it to offer then.
            calls = [e for e in t.requests("tools/call") if e.index > offer.index]
            detail = {"outcome": NEVER_ASKED_FOR_SKILLS} if calls else None
            yield rate(FEATURE, declared, None, [*cited, offer, *calls[:1]], declarable=False, detail=detail)


def _offer(t: Transcript) -> Entry | None:
    """The probe's first answer (to initialize or server/discover) that declared the skills extension."""
    for method in ("initialize", "server/discover"):
        for request in t.requests(method):
            answer = t.response_to(request)
            result = answer.obj.get("result") if answer is not None and answer.obj else None
            caps = result.get("capabilities") if isinstance(result, dict) else None
            extensions = caps.get("extensions") if isinstance(caps, dict) else None
            if isinstance(extensions, dict) and SKILLS_EXTENSION in extensions:
                return answer
    return None
