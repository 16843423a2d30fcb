"""KB016 unknown-with-evidence: evidence on an unknown statement, with no notes saying why it stays unknown, means
the state was never set (a warning). Inconclusive evidence is a fine reason for unknown, when the notes say so."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB016", "unknown-with-evidence", "warning", "an unknown statement cites evidence and does not say why")


def check(ctx: Context) -> Iterator[Finding]:
    for key, statement in ctx.statements():
        if statement.state == "unknown" and statement.evidence and not (statement.notes or "").strip():
            _, client_id, feature_id, _ = key
            message = f"{client_id} × {feature_id}: unknown with evidence; say what the evidence shows"
            yield RULE.at(ctx, key, "state", message=message)
