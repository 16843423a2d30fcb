"""KB015 version-range: a statement's since comes before its until."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB015", "version-range", "error", "a statement's version range is empty or reversed")


def version_key(version: str) -> tuple[int, ...] | None:
    """Numeric parts of a dotted version (1.2.10 -> (1, 2, 10)); None when it has none."""
    parts = re.findall(r"\d+", version)
    return tuple(int(p) for p in parts) if parts else None


def check(ctx: Context) -> Iterator[Finding]:
    for key, statement in ctx.statements():
        if statement.since is None or statement.until is None:
            continue
        low, high = version_key(statement.since), version_key(statement.until)
        if low is not None and high is not None and low >= high:
            message = f"until {statement.until} is not after since {statement.since} (until is exclusive)"
            yield RULE.at(ctx, key, "until", message=message)
