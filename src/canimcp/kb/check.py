"""`canimcp check`: load the knowledge base and run every lint rule over it."""

from __future__ import annotations

from pathlib import Path

from .collector import gc_paused
from .findings import Finding
from .loader import read_kb
from .rules import RULES, Context, Options


def check_kb(root: Path | str | None = None, options: Options | None = None) -> list[Finding]:
    """Every finding for the knowledge base at `root` (the bundled one by default), sorted by place."""
    found: set[Finding] = set()
    with gc_paused():  # the rules allocate as they walk a loaded heap the collector would rescan (see gc_paused)
        ctx = Context(read_kb(root), options or Options())
        for registered in RULES:
            found.update(registered.check(ctx))
    return sorted(found, key=lambda f: (f.path, f.line, f.code, f.message))
