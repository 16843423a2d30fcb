"""instructions: the initialize (or discover) result carries a nonce; a client whose model read them can report it
(and the harness's scripted model says when it was never shown it)."""

from __future__ import annotations

from collections.abc import Iterable

from ..transcript import Transcript
from .base import Rating, Scenario, plain, reached_model


class Instructions(Scenario):
    features = ("instructions",)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        reached, evidence, why = reached_model(t, "instr")
        yield plain("instructions", reached, evidence, detail={"outcome": why} if why else None)
