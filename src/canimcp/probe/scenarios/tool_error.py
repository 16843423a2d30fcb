"""A tool returning isError: true with a nonce in its text; the model reporting the nonce shows it saw the error."""

from __future__ import annotations

from collections.abc import Iterable

from ..transcript import Transcript
from .base import Rating, Scenario, plain


class ToolError(Scenario):
    features = ("tools.isError",)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        calls = [e for e in t.requests("tools/call") if e.params.get("name") == "failing_tool"]
        reports = t.nonce_reports("err")
        yield plain("tools.isError", True if reports else None, [*calls[:2], *reports[:2]])
