"""What the client says about itself: transport, protocol version, capabilities that only a declaration shows."""

from __future__ import annotations

from collections.abc import Iterable

from ...model.probe import NOT_DECLARED
from ..transcript import Transcript
from .base import Rating, Scenario, plain, rate

TRANSPORTS = {"stdio": "transport.stdio", "sse": "transport.sse", "streamable-http": "transport.streamable-http"}
# declared-only features: the probe cannot exercise them, but whether they are declared is evidence
DECLARED_ONLY = ("experimental",)
# the map through which extensions are negotiated: the feature is the declaration itself, so a client that sends no
# `extensions` key in its capabilities does not have it
NEGOTIATION = "extensions"
# a server must not answer with a task unless the client declared this extension: one that does not, has none (one
# that does shows it only by following a task, which the probe does not offer yet)
TASKS_EXTENSION = "extensions.io.modelcontextprotocol/tasks"


class Declaration(Scenario):
    features = (*TRANSPORTS.values(), *DECLARED_ONLY, NEGOTIATION, TASKS_EXTENSION)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        first = next((e for e in t.entries if e.direction == "in" and e.obj is not None), None)
        yield plain(TRANSPORTS[t.transport], first is not None or None, [first] if first else [])
        source = t.declaring
        for feature in DECLARED_ONLY:
            yield rate(feature, t.declared(feature), None, [source] if source and t.declared(feature) else [])
        yield declaration(t, NEGOTIATION, True)
        yield declaration(t, TASKS_EXTENSION, None)


def declaration(t: Transcript, feature: str, declared_works: bool | None) -> Rating:
    """A feature negotiated by its declaration alone: not declared (in an initialize or a 2026-07-28 request the
    probe saw) is unsupported, declared reads `declared_works` (None: the declaration alone shows nothing yet)."""
    source = t.declaring
    if source is None:
        return rate(feature, False, None)
    if t.declared(feature):
        return rate(feature, True, declared_works, [source])
    return rate(feature, False, False, [source], detail={"outcome": NOT_DECLARED})
