"""ping: does the client answer the probe's ping with an empty result? (Pings it sends are noted too.)"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..transcript import Transcript
from .base import Act, Rating, Scenario, plain, request_outcome


def _empty(result: Any) -> bool:
    return isinstance(result, dict) and not {k for k in result if k != "_meta"}


class Ping(Scenario):
    features = ("ping",)
    order = 10

    async def act(self, act: Act) -> None:
        await act.request("ping")

    def assess(self, t: Transcript) -> Iterable[Rating]:
        worked, evidence, reason = request_outcome(t, "ping", valid=_empty)
        client_pings = list(t.requests("ping"))
        yield plain("ping", worked, evidence, detail={"outcome": reason, "clientPings": len(client_pings)})
