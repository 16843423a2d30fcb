"""progress: does the client attach a progressToken to its tool calls (the probe then reports progress)? A token on
another request alone (a listing) does nothing for a server's long-running tool: not exercised, like no token."""

from __future__ import annotations

from collections.abc import Iterable

from ..transcript import Transcript
from .base import Rating, Scenario, plain


class Progress(Scenario):
    features = ("progress",)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        on_calls = [e for e in t.requests("tools/call") if "progressToken" in e.meta_params]
        sent = list(t.notifications("notifications/progress", direction="out"))
        detail = {"notificationsSent": len(sent)}
        yield plain("progress", bool(on_calls) or None, on_calls[:3] + sent[:3], detail=detail)
