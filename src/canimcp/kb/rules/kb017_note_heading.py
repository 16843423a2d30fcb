"""KB017 note-heading: a note's body opens with its title as the `# ` heading, as the seed note does."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB017", "note-heading", "warning", "a note's body does not open with '# <title>'")


def check(ctx: Context) -> Iterator[Finding]:
    for note in ctx.kb.notes.values():
        lines = [line for line in note.body.splitlines() if line.strip()]
        first = lines[0].strip() if lines else ""
        if first != f"# {note.title}":
            origin = ctx.result.origins[("note", note.id)]
            yield RULE.here(origin, message=f"body should open with '# {note.title}'", line=origin.body_line)
