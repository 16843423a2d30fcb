"""progress: does the client attach a progressToken to its requests (the probe then reports progress)?"""

from __future__ import annotations

from collections.abc import Iterable

from ..transcript import Transcript
from .base import Rating, Scenario, plain


class Progress(Scenario):
    features = ("progress",)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        tokens = [e for e in t.requests() if "progressToken" in e.meta_params]
        sent = list(t.notifications("notifications/progress", direction="out"))
        yield plain("progress", bool(tokens) or None, tokens[:3] + sent[:3], detail={"notificationsSent": len(sent)})
