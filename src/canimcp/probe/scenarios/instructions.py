"""instructions: the initialize (or discover) result carries a nonce; a client whose model read them can report it."""

from __future__ import annotations

from collections.abc import Iterable

from ..transcript import Transcript
from .base import Rating, Scenario, plain


class Instructions(Scenario):
    features = ("instructions",)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        reports = t.nonce_reports("instr")
        yield plain("instructions", True if reports else None, reports[:3])
