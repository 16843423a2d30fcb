"""KB016 unknown-with-evidence: evidence on an unknown statement means the state was never set (a warning)."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB016", "unknown-with-evidence", "warning", "a statement says unknown yet cites evidence")


def check(ctx: Context) -> Iterator[Finding]:
    for key, statement in ctx.statements():
        if statement.state == "unknown" and statement.evidence:
            _, client_id, feature_id, _ = key
            message = f"{client_id} × {feature_id}: unknown with evidence; say what the evidence shows"
            yield RULE.at(ctx, key, "state", message=message)
