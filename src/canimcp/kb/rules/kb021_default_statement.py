"""KB021 default-statement: a feature whose every statement for a client needs a flag says nothing of a default
install, so its default verdict (the matrix cell, `canimcp can`, `detect`) is unknown. Hand-written statements
replace what the probe runs show for that feature, so the "no" of a default run does not fill the gap either: write
the default statement too (`state: unknown` with notes, where a default install was not looked at)."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB021", "default-statement", "error", "every statement of a client × feature needs a flag")


def check(ctx: Context) -> Iterator[Finding]:
    for client_id, file in ctx.kb.support.items():
        for feature_id, statements in file.support.items():
            flagged = [s.condition.flag for s in statements if s.condition is not None and s.condition.flag]
            if statements and len(flagged) == len(statements):
                message = (
                    f"{client_id} × {feature_id}: every statement needs a flag ({flagged[0]}), so the default verdict "
                    "is unknown; add a statement for a default install (state unknown, with notes, if it was not "
                    "looked at)"
                )
                yield RULE.at(ctx, ("statement", client_id, feature_id, "0"), "condition", message=message)
