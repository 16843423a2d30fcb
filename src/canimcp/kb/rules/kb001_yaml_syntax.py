"""KB001 yaml-syntax: every file parses (YAML, front matter, JSON) with no duplicate keys."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from ..loader import SYNTAX
from .base import Context, Rule

RULE = Rule(SYNTAX, "yaml-syntax", "error", "a file does not parse, or repeats a key")


def check(ctx: Context) -> Iterator[Finding]:
    # Parsing happens while loading, so a broken file never stops the other files from being read.
    yield from RULE.from_loader(ctx)
