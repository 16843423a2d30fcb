"""cancellation: does the client send notifications/cancelled naming one of its requests still under way (slow_task)?"""

from __future__ import annotations

from collections.abc import Iterable

from ..jsonrpc import valid_id
from ..transcript import Transcript
from .base import Rating, Scenario, plain

ONLY_LISTEN = "cancelled only its subscriptions/listen"


class Cancellation(Scenario):
    features = ("cancellation",)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        ids = {e.obj.get("id"): e for e in t.requests() if e.obj is not None}
        evidence, late, listens = [], [], []
        for note in t.notifications("notifications/cancelled"):
            named = note.params.get("requestId")
            request = ids.get(named) if valid_id(named) else None  # a list or an object names nothing
            if request is None:
                continue
            if request.method == "subscriptions/listen":
                # ending a subscription, which is never answered, as the client leaves: no work under way was
                # stopped, so it shows nothing of cancelling it
                listens += [note, request]
                continue
            answer = t.response_to(request)
            # a request the probe had already answered was not cancelled, only let go of (opencode and Kimi Code
            # send one for each finished tool call): it shows nothing about cancelling work under way
            if answer is not None and answer.index < note.index:
                late += [note, request, answer]
            else:
                evidence += [note, request]
        if evidence or not (late or listens):
            yield plain("cancellation", bool(evidence) or None, evidence[:6])
        elif late:
            yield plain("cancellation", None, late[:6], detail={"outcome": "cancelled only requests already answered"})
        else:
            yield plain("cancellation", None, listens[:6], detail={"outcome": ONLY_LISTEN})
