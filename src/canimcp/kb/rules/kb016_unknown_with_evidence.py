"""KB016 unknown-with-evidence: evidence on an unknown statement means the state was never set (a warning)."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB016", "unknown-with-evidence", "warning", "a statement says unknown yet cites evidence")


def check(ctx: Context) -> Iterator[Finding]:
    for client_id, file in ctx.kb.support.items():
        for feature_id, statements in file.support.items():
            for k, statement in enumerate(statements):
                if statement.state == "unknown" and statement.evidence:
                    yield RULE.at(
                        ctx,
                        ("statement", client_id, feature_id, str(k)),
                        "state",
                        message=f"{client_id} × {feature_id}: unknown with evidence; say what the evidence shows",
                    )
