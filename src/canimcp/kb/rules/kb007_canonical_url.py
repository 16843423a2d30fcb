"""KB007 canonical-url: a note's canonical URL is the site base + /research/<id>."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB007", "canonical-url", "error", "a note's canonical URL is not <site base>/research/<id>")


def check(ctx: Context) -> Iterator[Finding]:
    base = ctx.options.base_url.rstrip("/")
    for note in ctx.kb.notes.values():
        expected = f"{base}/research/{note.id}"
        if note.canonical != expected:
            yield RULE.at(
                ctx, ("note", note.id), "canonical", message=f"canonical is '{note.canonical}', expected '{expected}'"
            )
