"""completion/complete: does the client ask for argument completions (of probe_prompt's `topic`)?"""

from __future__ import annotations

from collections.abc import Iterable

from ..transcript import Transcript
from .base import Rating, Scenario, plain


class Completion(Scenario):
    features = ("completions",)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        requests = list(t.requests("completion/complete"))
        yield plain("completions", bool(requests) or None, requests[:3])
