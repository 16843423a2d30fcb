"""elicitation/create in form mode and (2025-11-25) url mode: accept, decline and cancel all count as handled, and
`detail.actions` says which the client answered with (a client that declines everything is worth knowing about)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..fixtures import at_least
from ..transcript import Transcript
from .base import Act, Rating, Scenario, answers, outcome, rate, request_outcome

SCHEMA = {"type": "object", "properties": {"name": {"type": "string", "description": "Any name."}}}


def _valid(result: Any) -> bool:
    return isinstance(result, dict) and result.get("action") in ("accept", "decline", "cancel")


class Elicitation(Scenario):
    features = ("elicitation", "elicitation.form", "elicitation.url")
    order = 10

    async def act(self, act: Act) -> None:
        if act.declared("elicitation") or act.probe_undeclared:
            params: dict[str, Any] = {"message": "canimcp probe: enter any name.", "requestedSchema": SCHEMA}
            if at_least(act.version, "2025-11-25"):
                params["mode"] = "form"
            await act.request("elicitation/create", params)
        if act.declared("elicitation.url") or (act.probe_undeclared and at_least(act.version, "2025-11-25")):
            url_params = {
                "mode": "url",
                "message": "canimcp probe: open this page.",
                # on HTTP the probe serves the page and records a visit; on stdio it has no server to point at
                "url": act.page_url("elicitation") or "http://127.0.0.1/canimcp-probe/elicitation",
                "elicitationId": "cmcp-elicitation-1",
            }
            await act.request("elicitation/create", url_params)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        # a request the probe asked to run as a task is the tasks scenario's to judge
        sent = [e for e in t.requests("elicitation/create", direction="out") if "task" not in e.params]
        form = [e for e in sent if e.params.get("mode", "form") == "form"]
        url = [e for e in sent if e.params.get("mode") == "url"]
        declared_form = t.declared("elicitation.form") or t.capability("elicitation") == {}
        for feature, requests, declared in (
            ("elicitation", sent, t.declared("elicitation")),
            ("elicitation.form", form, declared_form),
            ("elicitation.url", url, t.declared("elicitation.url")),
        ):
            detail: dict[str, Any] = {}
            if feature == "elicitation.url":
                worked, evidence, reason = outcome(t, requests, _valid)
                opened = [e for e in t.entries if e.direction == "in" and e.meta.get("page") == "elicitation"]
                if any("/pages/elicitation/" in str(e.params.get("url")) for e in requests):
                    detail["pageOpened"] = bool(opened)  # the probe served the page: did anyone open it?
                evidence += opened[:1]
            else:  # the stateless era's input requests are form-mode elicitations
                worked, evidence, reason = request_outcome(t, "elicitation/create", valid=_valid, requests=requests)
            given = answers(t, "elicitation/create", requests, inputs=feature != "elicitation.url")
            actions = sorted({a["action"] for a in given if _valid(a)})
            if actions:
                detail["actions"] = actions
            yield rate(feature, declared, worked, evidence, detail={"outcome": reason, **detail})
