"""sampling/createMessage: plain, with tools (sampling.tools) and with includeContext (sampling.context). The last two
are sent only where declared; a client that declares no sampling and refuses the plain request has neither."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...model.probe import NO_SAMPLING
from ..transcript import Entry, Transcript
from .base import Act, Rating, Scenario, outcome, rate, request_outcome

PROMPT = {"role": "user", "content": {"type": "text", "text": "Reply with the single word: probe."}}
TOOL = {"name": "probe_tool", "description": "A tool the model may call.", "inputSchema": {"type": "object"}}


def _valid(result: Any) -> bool:
    return isinstance(result, dict) and "content" in result and "role" in result


class Sampling(Scenario):
    features = ("sampling", "sampling.tools", "sampling.context")
    order = 10

    async def act(self, act: Act) -> None:
        if not (act.declared("sampling") or act.probe_undeclared):
            return
        await act.request("sampling/createMessage", {"messages": [PROMPT], "maxTokens": 32})
        if act.declared("sampling.tools"):
            await act.request("sampling/createMessage", {"messages": [PROMPT], "maxTokens": 32, "tools": [TOOL]})
        if act.declared("sampling.context"):
            params = {"messages": [PROMPT], "maxTokens": 32, "includeContext": "thisServer"}
            await act.request("sampling/createMessage", params)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        # a request the probe asked to run as a task is the tasks scenario's to judge
        sent = [e for e in t.requests("sampling/createMessage", direction="out") if "task" not in e.params]
        kinds = {
            "sampling": [e for e in sent if "tools" not in e.params and "includeContext" not in e.params],
            "sampling.tools": [e for e in sent if "tools" in e.params],
            "sampling.context": [e for e in sent if "includeContext" in e.params],
        }
        refused: list[Entry] = []  # the plain request, refused by a client that declares no sampling
        for feature, requests in kinds.items():
            if feature == "sampling":
                worked, evidence, reason = request_outcome(t, "sampling/createMessage", valid=_valid, requests=requests)
                if worked is False and reason == "error" and not t.declared("sampling"):
                    refused = evidence
            else:
                worked, evidence, reason = outcome(t, requests, _valid)
                if worked is None and refused:
                    # a client without sampling has none with tools or with context either
                    worked, evidence, reason = False, refused, NO_SAMPLING
            yield rate(feature, t.declared(feature), worked, evidence, detail={"outcome": reason})
