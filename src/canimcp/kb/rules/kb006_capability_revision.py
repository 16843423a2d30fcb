"""KB006 capability-revision: a note's capabilities exist in every revision its specVersions name."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB006", "capability-revision", "error", "a note names a capability its spec revisions do not define")


def check(ctx: Context) -> Iterator[Finding]:
    kb = ctx.kb
    order = kb.revision_order
    for note in kb.notes.values():
        for i, capability in enumerate(note.capabilities):
            feature = kb.features.get(capability)
            if feature is None:
                continue  # KB005 reports the unknown id
            for revision in note.spec_versions:
                if revision in kb.revisions and not feature.in_revision(revision, order):
                    span = _span(
                        feature.added.revision if feature.added else None,
                        feature.removed.revision if feature.removed else None,
                    )
                    yield RULE.at(
                        ctx,
                        ("note", note.id),
                        "capabilities",
                        i,
                        message=f"capability '{capability}' is not defined in revision {revision} ({span})",
                    )


def _span(added: str | None, removed: str | None) -> str:
    if not added:
        return "no revision adds it"
    return f"added in {added}" + (f", removed in {removed}" if removed else "")
