"""cancellation: does the client send notifications/cancelled naming one of its requests (slow_task)?"""

from __future__ import annotations

from collections.abc import Iterable

from ..transcript import Transcript
from .base import Rating, Scenario, plain


class Cancellation(Scenario):
    features = ("cancellation",)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        ids = {e.obj.get("id"): e for e in t.requests() if e.obj is not None}
        evidence = []
        for note in t.notifications("notifications/cancelled"):
            evidence.append(note)
            request = ids.get(note.params.get("requestId"))
            if request is not None:
                evidence.append(request)
        yield plain("cancellation", bool(evidence) or None, evidence[:6])
