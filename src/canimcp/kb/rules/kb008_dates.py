"""KB008 dates: dates are ISO (YYYY-MM-DD), and lastVerified <= last-updated <= today."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from ..loader import DATES
from .base import Context, Rule

RULE = Rule(DATES, "dates", "error", "a date is not ISO, is in the future, or lastVerified is after last-updated")


def check(ctx: Context) -> Iterator[Finding]:
    yield from RULE.from_loader(ctx)  # malformed dates are found while loading
    today = ctx.options.today
    for note in ctx.kb.notes.values():
        key = ("note", note.id)
        if note.last_verified > note.last_updated:
            yield RULE.at(
                ctx,
                key,
                "lastVerified",
                message=f"lastVerified {note.last_verified} is after last-updated {note.last_updated}",
            )
        if note.last_updated > today:
            yield RULE.at(
                ctx, key, "last-updated", message=f"last-updated {note.last_updated} is after today ({today})"
            )
    for where, loc, source in ctx.sources():
        if source.date > today:
            yield RULE.at(ctx, where, *loc, "date", message=f"source date {source.date} is after today ({today})")
