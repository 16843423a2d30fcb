"""From a client's support statements for one feature to one verdict: what a default install of the
current version does on the client's main surface, and what differs under flags, other surfaces and
other versions. The matrix, the exports, `canimcp can` and `detect` all answer through this."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..model import Client, Evidence, State, Statement
from ..versions import version_key


@dataclass(frozen=True)
class Variant:
    """A statement that differs from the verdict's headline, and why (a flag, a surface, a version)."""

    state: State
    why: str
    statement: Statement


@dataclass(frozen=True)
class Verdict:
    state: State
    statements: tuple[Statement, ...] = ()
    variants: tuple[Variant, ...] = ()
    evidence: tuple[Evidence, ...] = field(default=())
    # what the exports, `detect` and `canimcp can` list; worked out once here rather than on first use, as
    # a `functools.cached_property` takes a lock on first use that cost more than the work (CPython 3.11)
    evidence_ids: list[str] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "evidence_ids", list(dict.fromkeys(e.ref for e in self.evidence)))

    @property
    def conditional(self) -> bool:
        return bool(self.variants)

    @property
    def declared_not_observed(self) -> bool:
        return any(s.declared and s.observed is False for s in self.statements)

    def summary(self) -> str:
        """One line: the headline state, then each variant in words."""
        if not self.variants:
            return self.state
        parts: list[str] = [self.state]
        parts += [f"{v.state} {v.why}" for v in self.variants]
        return "; ".join(parts)


def in_range(statement: Statement, version: str | None) -> bool:
    """Does the statement cover `version` (None: the current version, i.e. no `until`)?"""
    if version is None:
        return statement.until is None
    at = version_key(version)
    if at is None:
        return statement.until is None
    since = version_key(statement.since) if statement.since else None
    until = version_key(statement.until) if statement.until else None
    return (since is None or since <= at) and (until is None or at < until)


def _flag_matches(statement: Statement, flags: Mapping[str, Any]) -> bool:
    flag = statement.condition.flag if statement.condition else None
    return flag is not None and flag.key in flags and str(flags[flag.key]).lower() == str(flag.value).lower()


def _headline(statements: Iterable[Statement]) -> State:
    states = {s.state for s in statements} - {"unknown"}
    if not states:
        return "unknown"
    if len(states) == 1:
        return states.pop()
    return "partial"  # e.g. yes for one version range of the same surface, no for another


def verdict(
    statements: list[Statement],
    client: Client | None = None,
    *,
    surface: str | None = None,
    version: str | None = None,
    flags: Mapping[str, Any] | None = None,
) -> Verdict:
    """The verdict for one client × feature. `surface` defaults to the client's first (main) surface;
    `flags` (config key -> value) turn on the statements conditioned on them."""
    if not statements:
        return Verdict("unknown")
    only = statements[0]
    if len(statements) == 1 and not flags and version is None and only.is_default and only.until is None:
        # the common case (tens of thousands in a large knowledge base), and what the steps below come to
        # for it: a lone statement for the current version is taken whatever its surface, as no other is
        return Verdict(only.state, (only,), (), tuple(only.evidence))
    return _weighed(statements, client, surface, version, flags)


def _weighed(
    statements: list[Statement],
    client: Client | None,
    surface: str | None,
    version: str | None,
    flags: Mapping[str, Any] | None,
) -> Verdict:
    main = surface or (client.surfaces[0].id if client and client.surfaces else None)
    flags = flags or {}
    current = [s for s in statements if in_range(s, version)]
    on_surface = [s for s in current if s.surface in (None, main)] or current
    chosen = [s for s in on_surface if _flag_matches(s, flags)] or [s for s in on_surface if s.is_default]
    state = _headline(chosen)
    variants = []
    for s in statements:
        if s in chosen or s.state == state:
            continue
        why = []
        if s.condition and s.condition.flag:
            why.append(f"with {s.condition.flag}")
        if s.surface not in (None, main):
            why.append(f"on {s.surface}")
        if s.since or s.until:
            why.append(_range_words(s))
        if why:
            variants.append(Variant(s.state, " ".join(why), s))
    evidence = tuple(e for s in chosen for e in s.evidence)
    return Verdict(state, tuple(chosen), tuple(variants), evidence)


def _range_words(statement: Statement) -> str:
    if statement.since and statement.until:
        return f"from {statement.since} until {statement.until}"
    if statement.since:
        return f"since {statement.since}"
    return f"before {statement.until}"
