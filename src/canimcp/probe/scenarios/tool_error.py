"""A tool returning isError: true with a nonce in its text; the model reporting the nonce shows it saw the error."""

from __future__ import annotations

from collections.abc import Iterable

from ..transcript import Transcript
from .base import Rating, Scenario, plain, reached_model


class ToolError(Scenario):
    features = ("tools.isError",)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        calls = [e for e in t.requests("tools/call") if e.params.get("name") == "failing_tool"]
        reached, evidence, why = reached_model(t, "err", "failing_tool")
        yield plain("tools.isError", reached, [*calls[:2], *evidence], detail={"outcome": why} if why else None)
