"""URL elicitation required, and its completion notice (2025-11-25, and earlier revisions to a client that declares
URL-mode elicitation all the same): the probe lists `url_gate` and refuses its calls with -32042, naming a URL-mode
elicitation, until it sends notifications/elicitation/complete a quarter of a second after the first refusal
(probe/url_gate.py); the harness's callers call the tool once. A client that gets through the gate
(calls again once the elicitation is complete, on the notice or otherwise) supports the flow, provided the elicitation
can have been put to someone: the client declares URL-mode elicitation, opened the probe's page, or showed the URL to
its model. A client with none of these that calls again later is retrying blindly (CrewAI retries any error after a
second), which a person who never saw the URL would not have made good: it does not support the flow. Nor does one
that passes the error on and never calls again, nor one that went on to other requests and left before the
elicitation was complete (it was not waiting for it). One that left with nothing more said had no chance. Where the
harness's scripted model is at work, `detail.urlToModel` says whether the elicitation (its id, a probe nonce) reached
it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...model.probe import GATE_BLIND_RETRY, GATE_NO_RETRY, GATE_TOO_EARLY
from ..fixtures import URL_GATE_TOOL, gates_urls
from ..transcript import Entry, Transcript
from ..url_gate import NO_STREAM, PAGE, URL_ELICITATION_REQUIRED
from .base import Rating, Scenario, rate

FEATURE = "elicitation.url-completion"
NO_RETRY, TOO_EARLY, BLIND_RETRY = GATE_NO_RETRY, GATE_TOO_EARLY, GATE_BLIND_RETRY
LEFT = "left before the elicitation was complete"


def _refused(t: Transcript, call: Entry) -> Entry | None:
    answer = t.response_to(call)
    error = answer.obj.get("error") if answer is not None and answer.obj else None
    return answer if isinstance(error, dict) and error.get("code") == URL_ELICITATION_REQUIRED else None


def _through(t: Transcript, call: Entry) -> Entry | None:
    answer = t.response_to(call)
    return answer if answer is not None and answer.obj and "result" in answer.obj else None


class UrlGate(Scenario):
    features = (FEATURE,)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        declared = t.declared("elicitation.url")
        calls = [e for e in t.requests("tools/call") if e.params.get("name") == URL_GATE_TOOL]
        refusals = [(call, answer) for call in calls if (answer := _refused(t, call)) is not None]
        if not gates_urls(t.negotiated_version, declared) or not refusals:
            yield rate(FEATURE, declared, None)
            return
        first_call, first_refusal = refusals[0]
        complete = next(
            (e for e in t.entries if e.method == "notifications/elicitation/complete" and e.direction == "out"),
            None,
        ) or next((e for e in t.entries if e.meta.get("urlGate") == NO_STREAM), None)
        detail: dict[str, Any] = {"calls": len(calls), "refused": len(refusals)}
        if complete is not None:
            detail["noticeSent"] = complete.obj is not None
        if t.transport != "stdio":  # the probe served the elicitation's page: did anyone open it?
            detail["pageOpened"] = any(e.direction == "in" and e.meta.get("page") == PAGE for e in t.entries)
        shown = bool(t.nonce_reports("gate"))  # the scripted model reports every nonce it sees
        if shown or any(t.nonce_reports(k) or t.nonce_unseen(k) for k in ("instr", "err", "struct")):
            detail["urlToModel"] = shown
        later = [(call, answer) for call in calls if call.index > first_refusal.index and (answer := _through(t, call))]
        if later:
            call, answer = later[0]
            evidence = [first_call, first_refusal, *([complete] if complete else []), call, answer]
            if declared or detail.get("pageOpened") or detail.get("urlToModel"):
                yield rate(FEATURE, declared, True, evidence, detail=detail)
            else:
                yield rate(FEATURE, declared, False, evidence, detail={**detail, "outcome": BLIND_RETRY})
            return
        outcome = TOO_EARLY if len(calls) > 1 else NO_RETRY
        if complete is not None:
            yield rate(FEATURE, declared, False, [first_call, first_refusal], detail={**detail, "outcome": outcome})
            return
        went_on = next((e for e in t.requests() if e.index > first_refusal.index), None)
        if went_on is None:
            yield rate(FEATURE, declared, None, [first_call, first_refusal], detail={**detail, "outcome": LEFT})
        else:  # it went on (its model had the error) and left: nothing was waiting for the elicitation
            evidence = [first_call, first_refusal, went_on]
            yield rate(FEATURE, declared, False, evidence, detail={**detail, "outcome": outcome})
