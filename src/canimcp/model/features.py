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
        if self.added is None or self.added.revision not in order:
            return False
        if order.index(self.added.revision) > at:
            return False
        return not (self.removed and self.removed.revision in order and order.index(self.removed.revision) <= at)


class Category(Strict):
    category: str
    title: str
    description: str = ""
    features: list[Feature] = Field(default_factory=list)
