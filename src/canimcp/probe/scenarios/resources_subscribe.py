"""Resource subscriptions: does the client subscribe (resources/subscribe; in 2026-07-28 a subscriptions/listen
naming resource URIs), and read again after notifications/resources/updated?"""

from __future__ import annotations

from collections.abc import Iterable

from ..transcript import Entry, Transcript
from .base import Act, Rating, Scenario, plain


class ResourcesSubscribe(Scenario):
    features = ("resources.subscribe",)
    order = 80

    async def act(self, act: Act) -> None:
        # an app may subscribe before the scenarios start (or while earlier ones wait for answers)
        msg = await act.wait_for(lambda m: m.kind == "request" and m.method == "resources/subscribe", earlier=True)
        params = msg.params if msg is not None and isinstance(msg.params, dict) else {}
        if isinstance(params.get("uri"), str):
            await act.notify("notifications/resources/updated", {"uri": params["uri"]})

    def assess(self, t: Transcript) -> Iterable[Rating]:
        subscribed = [*t.requests("resources/subscribe"), *(e for e in t.requests("subscriptions/listen") if _uris(e))]
        subscribed.sort(key=lambda e: e.index)
        updated = next(t.notifications("notifications/resources/updated", direction="out"), None)
        uri = updated.params.get("uri") if updated else None
        reads = (e for e in t.requests("resources/read") if updated and e.index > updated.index)
        reread = next((e for e in reads if e.params.get("uri") == uri), None)  # not any read: that resource again
        evidence = [*subscribed[:3], *(x for x in (updated, reread) if x)]
        detail = {"readAfterUpdate": reread is not None} if updated else None
        yield plain("resources.subscribe", bool(subscribed) or None, evidence, detail=detail)


def _uris(listen: Entry) -> list[object]:
    """The resource URIs a subscriptions/listen request asks to hear about."""
    wanted = listen.params.get("notifications")
    uris = wanted.get("resourceSubscriptions") if isinstance(wanted, dict) else None
    return uris if isinstance(uris, list) else []
