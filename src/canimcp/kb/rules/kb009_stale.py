"""KB009 stale: a current note not verified for longer than the allowed age (a warning)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB009", "stale", "warning", "a note has not been verified for longer than --stale-days")


def check(ctx: Context) -> Iterator[Finding]:
    limit = ctx.options.today - dt.timedelta(days=ctx.options.stale_days)
    for note in ctx.kb.notes.values():
        if note.status in ("current", "draft") and note.last_verified < limit:
            age = (ctx.options.today - note.last_verified).days
            yield RULE.at(
                ctx,
                ("note", note.id),
                "lastVerified",
                message=f"last verified {age} days ago (more than {ctx.options.stale_days}); re-check its sources",
            )
