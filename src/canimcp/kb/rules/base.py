"""What every lint rule shares: its identity, the check options, and the context it reads."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass, field

from ...model import KnowledgeBase, Source, Statement
from ..checkcache import CheckCache
from ..findings import Finding, Severity, display_path
from ..loader import LoadResult, Origin

DEFAULT_BASE_URL = "https://canimcp.io"
DEFAULT_STALE_DAYS = 180


@dataclass(frozen=True)
class Options:
    today: dt.date = field(default_factory=dt.date.today)
    stale_days: int = DEFAULT_STALE_DAYS
    base_url: str = DEFAULT_BASE_URL


@dataclass
class Context:
    result: LoadResult
    options: Options
    memo: CheckCache = field(default_factory=lambda: CheckCache(None))  # what a rule keeps between checks

    @property
    def kb(self) -> KnowledgeBase:
        return self.result.kb

    def known(self, kind: str, entity_id: str) -> bool:
        return self.result.known(kind, entity_id)

    def statements(self) -> Iterator[tuple[tuple[str, ...], Statement]]:
        """Every hand-written support statement, with its entity key ("statement", client, feature, index)."""
        for client_id, file in self.kb.support.items():
            for feature_id, statements in file.support.items():
                for k, statement in enumerate(statements):
                    yield ("statement", client_id, feature_id, str(k)), statement

    def sources(self) -> Iterator[tuple[tuple[str, ...], tuple[str | int, ...], Source]]:
        """Every pinned source in the knowledge base, with the entity key and location it sits at."""
        for note in self.kb.notes.values():
            for i, source in enumerate(note.sources):
                yield ("note", note.id), ("sources", i), source
        for feature in self.kb.features.values():
            for i, source in enumerate(feature.sources):
                yield ("feature", feature.id), ("sources", i), source
        for client in self.kb.clients.values():
            for i, info in enumerate(client.client_info):
                for j, ev in enumerate(info.evidence):
                    if ev.source:
                        yield ("client", client.id), ("clientInfo", i, "evidence", j, "source"), ev.source
        for key, statement in self.statements():
            for j, ev in enumerate(statement.evidence):
                if ev.source:
                    yield key, ("evidence", j, "source"), ev.source


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: Severity
    summary: str

    def at(self, ctx: Context, key: tuple[str, ...], *loc: str | int, message: str) -> Finding:
        """A finding at the line of `loc` inside the entity `key`."""
        origin = ctx.result.origins.get(key)
        if origin is None:  # the entity has no recorded origin; point at the knowledge base root
            return Finding(display_path(ctx.kb.root), 1, self.code, self.severity, message)
        return self.here(origin, *loc, message=message)

    def here(self, origin: Origin, *loc: str | int, message: str, line: int | None = None) -> Finding:
        """A finding at `loc` inside the entity read from `origin` (or at an explicit file line)."""
        at = line if line is not None else origin.line(*loc)
        return Finding(display_path(origin.path), at, self.code, self.severity, message)

    def from_loader(self, ctx: Context) -> Iterator[Finding]:
        """Findings the loader already made under this rule's code."""
        return (f for f in ctx.result.findings if f.code == self.code)
