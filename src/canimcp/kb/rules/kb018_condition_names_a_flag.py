"""KB018 condition-names-a-flag: a condition with no flag is read as a default install everywhere (the verdict,
`canimcp can`, the matrix marks), so a statement that depends on something must say what switches it on (a flag),
or what was installed beside the client for it (`install`, such as `mcp<2`)."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB018", "condition-names-a-flag", "error", "a statement's condition names no flag")


def check(ctx: Context) -> Iterator[Finding]:
    for key, statement in ctx.statements():
        if statement.condition is not None and statement.condition.flag is None and statement.condition.install is None:
            _, client_id, feature_id, _ = key
            message = (
                f"{client_id} × {feature_id}: the condition names no flag, so it would be read as a default "
                "install; add `flag: {key: ..., value: ..., kind: config|env|cli}` (or `install: ...` for a "
                "requirement installed beside the client)"
            )
            yield RULE.at(ctx, key, "condition", message=message)
