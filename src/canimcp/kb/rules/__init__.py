"""The lint rules of `canimcp check`, one module per concern. Add one by copying a sibling and listing it here."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..findings import Finding
from . import (
    kb001_yaml_syntax,
    kb002_schema,
    kb003_id_matches_file,
    kb004_duplicate_id,
    kb005_dangling_reference,
    kb006_capability_revision,
    kb007_canonical_url,
    kb008_dates,
    kb009_stale,
    kb010_evidence_required,
    kb011_source_pin,
    kb012_related_reciprocated,
    kb013_body_links,
    kb014_revision_order,
    kb015_version_range,
    kb016_unknown_with_evidence,
    kb017_note_heading,
)
from .base import Context, Options, Rule


@dataclass(frozen=True)
class RegisteredRule:
    rule: Rule
    check: Callable[[Context], Iterator[Finding]]


RULES: list[RegisteredRule] = [
    RegisteredRule(module.RULE, module.check)
    for module in (
        kb001_yaml_syntax,
        kb002_schema,
        kb003_id_matches_file,
        kb004_duplicate_id,
        kb005_dangling_reference,
        kb006_capability_revision,
        kb007_canonical_url,
        kb008_dates,
        kb009_stale,
        kb010_evidence_required,
        kb011_source_pin,
        kb012_related_reciprocated,
        kb013_body_links,
        kb014_revision_order,
        kb015_version_range,
        kb016_unknown_with_evidence,
        kb017_note_heading,
    )
]

__all__ = ["RULES", "Context", "Options", "RegisteredRule", "Rule"]
