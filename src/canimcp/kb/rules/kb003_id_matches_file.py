"""KB003 id-matches-file: ids are well-formed and equal the name of the file they live in."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB003", "id-matches-file", "error", "an id is not well-formed or differs from its file name")

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
FEATURE_ID = re.compile(r"^[A-Za-z0-9]+(?:[./_-][A-Za-z0-9]+)*$")
REVISION_ID = re.compile(r"^(?:\d{4}-\d{2}-\d{2}|draft)$")
PROBE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")

# kind -> (field holding the id, pattern, whether it must equal the file name)
_SHAPES: dict[str, tuple[str, re.Pattern[str], bool]] = {
    "client": ("id", SLUG, True),
    "note": ("id", SLUG, True),
    "support": ("client", SLUG, True),
    "category": ("category", SLUG, True),
    "probe": ("id", PROBE_ID, True),
    "feature": ("id", FEATURE_ID, False),
    "revision": ("id", REVISION_ID, False),
}


def check(ctx: Context) -> Iterator[Finding]:
    for entity in ctx.result.entities:
        field, pattern, named_by_file = _SHAPES[entity.kind]
        path = entity.origin.path
        if not pattern.match(entity.id):
            yield RULE.here(entity.origin, field, message=f"{entity.kind} id '{entity.id}' is not well-formed")
        elif named_by_file and entity.id != path.stem:
            yield RULE.here(
                entity.origin, field, message=f"{entity.kind} id '{entity.id}' differs from its file name '{path.name}'"
            )
