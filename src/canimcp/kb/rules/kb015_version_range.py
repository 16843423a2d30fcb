"""KB015 version-range: a statement's since comes before its until."""

from __future__ import annotations

from collections.abc import Iterator

from ...versions import version_key
from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB015", "version-range", "error", "a statement's version range is empty or reversed")


def check(ctx: Context) -> Iterator[Finding]:
    for key, statement in ctx.statements():
        if statement.since is None or statement.until is None:
            continue
        low, high = version_key(statement.since), version_key(statement.until)
        if low is not None and high is not None and low >= high:
            message = f"until {statement.until} is not after since {statement.since} (until is exclusive)"
            yield RULE.at(ctx, key, "until", message=message)
