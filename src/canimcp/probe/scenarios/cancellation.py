"""cancellation: does the client give up a request still under way (slow_task) the way its revision says: a
notifications/cancelled naming it, or, over Streamable HTTP in 2026-07-28, closing the request's response stream?"""

from __future__ import annotations

from collections.abc import Iterable

from ..jsonrpc import valid_id
from ..transcript import Entry, Transcript
from .base import Rating, Scenario, plain

ONLY_LISTEN = "cancelled only its subscriptions/listen"
LEFT_OPEN = "closed the stream of a request under way and sent nothing more"


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
        closed, left, listen_closed = closed_streams(t)
        evidence += closed
        listens += listen_closed
        if evidence or not (late or left or listens):
            detail = {"closedStreams": len({event.index for event in closed[::2]})} if closed else None
            yield plain("cancellation", bool(evidence) or None, evidence[:6], detail=detail)
        elif late:
            yield plain("cancellation", None, late[:6], detail={"outcome": "cancelled only requests already answered"})
        elif left:
            yield plain("cancellation", None, left[:6], detail={"outcome": LEFT_OPEN})
        else:
            yield plain("cancellation", None, listens[:6], detail={"outcome": ONLY_LISTEN})


def closed_streams(t: Transcript) -> tuple[list[Entry], list[Entry], list[Entry]]:
    """Requests given up by closing their response stream, as 2026-07-28 asks over Streamable HTTP (in the
    handshake eras a closed stream is no cancellation), each as [event, request]: calls after which the client went
    on talking; calls whose stream it closed as it left, which may be no more than its process ending; and
    subscriptions/listen streams, which end so and stop no work."""
    closed: list[Entry] = []
    left: list[Entry] = []
    listens: list[Entry] = []
    if t.era != "stateless":
        return closed, left, listens
    for event, requests in t.closed_before_answer():
        went_on = any(e.direction == "in" and e.obj is not None and e.index > event.index for e in t.entries)
        for request in requests:
            if request.method == "subscriptions/listen":
                listens += [event, request]
            else:
                (closed if went_on else left).extend([event, request])
    return closed, left, listens
