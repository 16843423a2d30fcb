"""What the client says about itself: transport, protocol version, capabilities that only a declaration shows."""

from __future__ import annotations

from collections.abc import Iterable

from ..transcript import Transcript
from .base import Rating, Scenario, plain, rate

TRANSPORTS = {"stdio": "transport.stdio", "sse": "transport.sse", "streamable-http": "transport.streamable-http"}
# declared-only features: the probe cannot exercise them, but whether they are declared is evidence
DECLARED_ONLY = (
    "experimental",
    "extensions",
    "extensions.io.modelcontextprotocol/tasks",
    "extensions.io.modelcontextprotocol/skills",
)


class Declaration(Scenario):
    features = (*TRANSPORTS.values(), *DECLARED_ONLY)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        first = next((e for e in t.entries if e.direction == "in" and e.obj is not None), None)
        yield plain(TRANSPORTS[t.transport], first is not None or None, [first] if first else [])
        source = t.initialize or (t.modern[0] if t.modern else None)
        for feature in DECLARED_ONLY:
            yield rate(feature, t.declared(feature), None, [source] if source and t.declared(feature) else [])
