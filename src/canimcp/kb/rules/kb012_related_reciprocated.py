"""KB012 related-reciprocated: if note A lists B as related, B lists A too (a warning)."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB012", "related-reciprocated", "warning", "a related note does not link back")


def check(ctx: Context) -> Iterator[Finding]:
    notes = ctx.kb.notes
    for note in notes.values():
        for i, other in enumerate(note.related):
            if other in notes and note.id not in notes[other].related:
                yield RULE.at(
                    ctx, ("note", note.id), "related", i, message=f"'{other}' does not list '{note.id}' in related"
                )
