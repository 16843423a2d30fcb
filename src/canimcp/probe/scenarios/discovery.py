"""Which list calls follow initialize, and in what order."""

from __future__ import annotations

from collections.abc import Iterable

from ..transcript import Transcript
from .base import Rating, Scenario, plain

LISTS = {
    "tools": "tools/list",
    "resources": "resources/list",
    "resources.templates": "resources/templates/list",
    "prompts": "prompts/list",
}
USES = {"tools": "tools/call", "resources": "resources/read", "prompts": "prompts/get"}


class Discovery(Scenario):
    features = tuple(LISTS)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        methods = set(LISTS.values()) | set(USES.values())
        order = [e.method for e in t.requests() if e.method in set(LISTS.values())]
        for feature, method in LISTS.items():
            seen = [e for e in t.requests() if e.method in (method, USES.get(feature)) and e.method in methods]
            yield plain(
                feature, bool(seen) or None, seen[:5], detail={"listOrder": order} if feature == "tools" else None
            )
