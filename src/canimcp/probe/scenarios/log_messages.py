"""logging: does the client set a level (logging/setLevel, or the 2026-07-28 per-request `_meta` opt-in)?
The probe also sends a log message, which only a transcript can show the client displayed."""

from __future__ import annotations

from collections.abc import Iterable

from ..transcript import Transcript
from .base import Act, Rating, Scenario, plain

LOG_LEVEL_META = "io.modelcontextprotocol/logLevel"


class Logging(Scenario):
    features = ("logging",)
    order = 80

    async def act(self, act: Act) -> None:
        await act.notify("notifications/message", {"level": "info", "logger": "canimcp-probe", "data": "probe log"})

    def assess(self, t: Transcript) -> Iterable[Rating]:
        set_level = list(t.requests("logging/setLevel"))
        opted_in = [e for e in t.modern if LOG_LEVEL_META in e.meta_params]
        evidence = set_level[:3] + opted_in[:3]
        yield plain("logging", bool(evidence) or None, evidence)
