"""KB002 schema: fields are known, of the right type, and the required ones are present."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from ..loader import SCHEMA
from .base import Context, Rule

RULE = Rule(SCHEMA, "schema", "error", "an unknown field, a wrong type, or a missing required field")


def check(ctx: Context) -> Iterator[Finding]:
    # Validation against the pydantic model happens per entity while loading.
    yield from RULE.from_loader(ctx)
