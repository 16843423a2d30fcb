"""roots/list: does the client answer (with a roots array), answer with an error, or stay silent? `detail.roots`
counts the roots in its first answer: an empty list is an answer, but says that nothing is shared. A client that
declares no roots and refuses roots/list has none to announce changes of: roots.listChanged is unsupported there."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...model.probe import NO_ROOTS
from ..transcript import Transcript
from .base import Act, Rating, Scenario, answers, rate, request_outcome


def _valid(result: Any) -> bool:
    return isinstance(result, dict) and isinstance(result.get("roots"), list)


class Roots(Scenario):
    features = ("roots", "roots.listChanged")
    order = 10

    async def act(self, act: Act) -> None:
        if act.declared("roots") or act.probe_undeclared:
            await act.request("roots/list")

    def assess(self, t: Transcript) -> Iterable[Rating]:
        worked, evidence, outcome = request_outcome(t, "roots/list", valid=_valid)
        detail: dict[str, Any] = {"outcome": outcome}
        given = [a for a in answers(t, "roots/list") if _valid(a)]
        if given:
            detail["roots"] = len(given[0]["roots"])
        yield rate("roots", t.declared("roots"), worked, evidence, detail=detail)
        changed = list(t.notifications("notifications/roots/list_changed"))
        if not changed and worked is False and outcome == "error" and not t.declared("roots"):
            # a client that has no roots (declares none, refuses roots/list) has no list whose changes it could announce
            yield rate("roots.listChanged", False, False, evidence, detail={"outcome": NO_ROOTS})
            return
        yield rate("roots.listChanged", t.declared("roots.listChanged"), True if changed else None, changed[:3])
