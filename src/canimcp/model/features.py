"""The feature taxonomy: dotted feature ids grouped into categories."""

from __future__ import annotations

from pydantic import Field

from .common import Strict
from .revisions import RevisionLink
from .sources import Source


class Feature(Strict):
    id: str
    title: str
    description: str
    category: str = ""
    declared_as: str | None = Field(default=None, alias="declaredAs")
    added: RevisionLink | None = None
    # used on the wire before a revision's schema defines it (e.g. `extensions` in 2025-11-25 handshakes)
    in_practice: RevisionLink | None = Field(default=None, alias="inPractice")
    deprecated: RevisionLink | None = None
    removed: RevisionLink | None = None
    observe: str | None = None
    aliases: list[str] = Field(default_factory=list)
    sources: list[Source] = Field(default_factory=list)

    def in_revision(self, revision: str, order: list[str]) -> bool:
        """Is the feature part of `revision`, given the revisions in chronological order?"""
        if revision not in order:
            return False
        at = order.index(revision)
        starts = [link.revision for link in (self.added, self.in_practice) if link and link.revision in order]
        if not starts or min(order.index(r) for r in starts) > at:
            return False
        return not (self.removed and self.removed.revision in order and order.index(self.removed.revision) <= at)


class Category(Strict):
    category: str
    title: str
    order: int = 1000  # position on pages; ties keep file-name order
    description: str = ""
    features: list[Feature] = Field(default_factory=list)
