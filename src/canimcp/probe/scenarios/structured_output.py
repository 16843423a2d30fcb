"""A tool with an outputSchema whose nonce is only in structuredContent: is it still offered and called, and does
the nonce reach the model (it reports the nonce)?"""

from __future__ import annotations

from collections.abc import Iterable

from ..transcript import Transcript
from .base import Rating, Scenario, plain, reached_model


class StructuredOutput(Scenario):
    features = ("tools.outputSchema", "tools.structuredContent")

    def assess(self, t: Transcript) -> Iterable[Rating]:
        calls = [e for e in t.requests("tools/call") if e.params.get("name") == "structured_result"]
        offered = any(
            isinstance(tool, dict) and "outputSchema" in tool for _, tools in t.tool_listings() for tool in tools
        )
        answered = [r for r in (t.response_to(c) for c in calls) if r is not None and r.obj and "result" in r.obj]
        yield plain("tools.outputSchema", True if offered and calls else None, [*calls[:2], *answered[:2]])
        reached, evidence, why = reached_model(t, "struct", "structured_result")
        detail = {"outcome": why} if why else None
        yield plain("tools.structuredContent", reached, [*calls[:2], *evidence], detail=detail)
