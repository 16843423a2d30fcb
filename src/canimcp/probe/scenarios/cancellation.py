"""cancellation: does the client send notifications/cancelled naming one of its requests still under way (slow_task)?"""

from __future__ import annotations

from collections.abc import Iterable

from ..jsonrpc import valid_id
from ..transcript import Transcript
from .base import Rating, Scenario, plain


class Cancellation(Scenario):
    features = ("cancellation",)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        ids = {e.obj.get("id"): e for e in t.requests() if e.obj is not None}
        evidence, late = [], []
        for note in t.notifications("notifications/cancelled"):
            named = note.params.get("requestId")
            request = ids.get(named) if valid_id(named) else None  # a list or an object names nothing
            if request is None:
                continue
            answer = t.response_to(request)
            # a request the probe had already answered was not cancelled, only let go of (opencode and Kimi Code
            # send one for each finished tool call): it shows nothing about cancelling work under way
            if answer is not None and answer.index < note.index:
                late += [note, request, answer]
            else:
                evidence += [note, request]
        if evidence or not late:
            yield plain("cancellation", bool(evidence) or None, evidence[:6])
        else:
            yield plain("cancellation", None, late[:6], detail={"outcome": "cancelled only requests already answered"})
