"""KB010 evidence-required: a yes / partial / no statement carries evidence."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB010", "evidence-required", "error", "a support statement other than unknown has no evidence")


def check(ctx: Context) -> Iterator[Finding]:
    for key, statement in ctx.statements():
        if statement.state != "unknown" and not statement.evidence:
            _, client_id, feature_id, _ = key
            message = f"{client_id} × {feature_id}: state '{statement.state}' needs evidence, or say unknown"
            yield RULE.at(ctx, key, "state", message=message)
