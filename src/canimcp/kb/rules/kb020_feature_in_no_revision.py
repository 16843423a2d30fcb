"""KB020 feature-in-no-revision: every feature names a revision it belongs to, or no matrix page shows it."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule(
    "KB020",
    "feature-in-no-revision",
    "warning",
    "a feature with neither an `added` nor an `inPractice` revision is shown on no matrix page",
)


def check(ctx: Context) -> Iterator[Finding]:
    order = ctx.kb.revision_order
    for feature in ctx.kb.features.values():
        if not any(feature.in_revision(r, order) for r in order):
            yield RULE.at(
                ctx,
                ("feature", feature.id),
                "id",
                message=f"{feature.id} is in no revision: give it `added` (a core revision defines it) or "
                "`inPractice` (the revision it is used with), so that a matrix page shows it",
            )
