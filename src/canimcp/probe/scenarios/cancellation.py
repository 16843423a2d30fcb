"""cancellation: does the client send notifications/cancelled naming one of its requests (slow_task)?"""

from __future__ import annotations

from collections.abc import Iterable

from ..jsonrpc import valid_id
from ..transcript import Transcript
from .base import Rating, Scenario, plain


class Cancellation(Scenario):
    features = ("cancellation",)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        ids = {e.obj.get("id"): e for e in t.requests() if e.obj is not None}
        evidence = []
        for note in t.notifications("notifications/cancelled"):
            named = note.params.get("requestId")
            request = ids.get(named) if valid_id(named) else None  # a list or an object names nothing
            if request is not None:
                evidence += [note, request]
        yield plain("cancellation", bool(evidence) or None, evidence[:6])
