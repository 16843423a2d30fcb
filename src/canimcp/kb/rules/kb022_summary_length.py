"""KB022 summary-length: a note's summary is a short abstract, as the seed note's three sentences are.

The summary is what the research index, the feed, llms.txt and a page's description show for a note; the
details, the counts per client and the exceptions belong in its body."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

MAX_WORDS = 80

RULE = Rule("KB022", "summary-length", "warning", f"a note's summary is longer than {MAX_WORDS} words")


def check(ctx: Context) -> Iterator[Finding]:
    for note in ctx.kb.notes.values():
        words = len(note.summary.split())
        if words > MAX_WORDS:
            message = f"summary has {words} words (at most {MAX_WORDS}): keep the finding, put the details in the body"
            yield RULE.at(ctx, ("note", note.id), "summary", message=message)
