"""KB014 revision-order: a feature is deprecated no earlier than it is added (a feature may arrive deprecated, as
2025-11-25's `sampling.context` did), and removed after both."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB014", "revision-order", "error", "a feature's added / deprecated / removed revisions are out of order")


def check(ctx: Context) -> Iterator[Finding]:
    order = ctx.kb.revision_order
    for feature in ctx.kb.features.values():
        steps = [(name, getattr(feature, name)) for name in ("added", "deprecated", "removed")]
        known = [(name, link.revision) for name, link in steps if link is not None and link.revision in order]
        for (first, a), (then, b) in itertools.pairwise(known):
            arrived_deprecated = (first, then) == ("added", "deprecated") and a == b
            if order.index(a) >= order.index(b) and not arrived_deprecated:
                yield RULE.at(
                    ctx,
                    ("feature", feature.id),
                    then,
                    "revision",
                    message=f"{then} in {b} is not after {first} in {a}",
                )
