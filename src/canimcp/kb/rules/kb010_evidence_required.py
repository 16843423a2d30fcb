"""KB010 evidence-required: a yes / partial / no statement carries evidence."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB010", "evidence-required", "error", "a support statement other than unknown has no evidence")


def check(ctx: Context) -> Iterator[Finding]:
    for client_id, file in ctx.kb.support.items():
        for feature_id, statements in file.support.items():
            for k, statement in enumerate(statements):
                if statement.state != "unknown" and not statement.evidence:
                    yield RULE.at(
                        ctx,
                        ("statement", client_id, feature_id, str(k)),
                        "state",
                        message=f"{client_id} × {feature_id}: state '{statement.state}' needs evidence, or say unknown",
                    )
