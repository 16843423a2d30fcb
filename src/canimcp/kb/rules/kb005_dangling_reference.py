"""KB005 dangling-reference: every id a file names (notes, clients, features, revisions, surfaces,
evidence) exists in the knowledge base."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...model import Evidence
from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB005", "dangling-reference", "error", "a reference names something that does not exist")


def check(ctx: Context) -> Iterator[Finding]:
    yield from _notes(ctx)
    yield from _clients(ctx)
    yield from _support(ctx)
    yield from _features(ctx)


_WHAT = {"note": "research note", "client": "client", "feature": "feature", "revision": "spec revision"}


def _missing(ctx: Context, key: tuple[str, ...], field: str, ids: Iterable[str], kind: str) -> Iterator[Finding]:
    for i, ref in enumerate(ids):
        if not ctx.known(kind, ref):
            yield RULE.at(ctx, key, field, i, message=f"{field}: no {_WHAT[kind]} '{ref}'")


def _notes(ctx: Context) -> Iterator[Finding]:
    for note in ctx.kb.notes.values():
        key = ("note", note.id)
        yield from _missing(ctx, key, "related", note.related, "note")
        yield from _missing(ctx, key, "clients", note.clients, "client")
        yield from _missing(ctx, key, "capabilities", note.capabilities, "feature")
        yield from _missing(ctx, key, "specVersions", note.spec_versions, "revision")


def _evidence(
    ctx: Context, key: tuple[str, ...], loc: tuple[str | int, ...], items: list[Evidence]
) -> Iterator[Finding]:
    for j, ev in enumerate(items):
        yield from _reference(ctx, key, (*loc, j), ev)


def _reference(ctx: Context, key: tuple[str, ...], loc: tuple[str | int, ...], ev: Evidence) -> Iterator[Finding]:
    if ev.note is not None and not ctx.known("note", ev.note):
        yield RULE.at(ctx, key, *loc, "note", message=f"evidence: no research note '{ev.note}'")
    if ev.probe is not None and not ctx.known("probe", ev.probe):
        yield RULE.at(ctx, key, *loc, "probe", message=f"evidence: no probe report '{ev.probe}' under probes/")


def _clients(ctx: Context) -> Iterator[Finding]:
    for client in ctx.kb.clients.values():
        key = ("client", client.id)
        surfaces = {s.id for s in client.surfaces}
        for i, info in enumerate(client.client_info):
            if info.surface is not None and info.surface not in surfaces:
                yield RULE.at(
                    ctx,
                    key,
                    "clientInfo",
                    i,
                    "surface",
                    message=f"clientInfo: no surface '{info.surface}' in this client",
                )
            if info.inherited_from is not None and not ctx.known("client", info.inherited_from):
                message = f"clientInfo: inheritedFrom names no client '{info.inherited_from}'"
                yield RULE.at(ctx, key, "clientInfo", i, "inheritedFrom", message=message)
            yield from _evidence(ctx, key, ("clientInfo", i, "evidence"), info.evidence)


def _support(ctx: Context) -> Iterator[Finding]:
    kb = ctx.kb
    for client_id, file in kb.support.items():
        client = kb.clients.get(client_id)
        if client is None and not ctx.known("client", client_id):
            yield RULE.at(
                ctx, ("support", client_id), "client", message=f"client: no client '{client_id}' under clients/"
            )
        surfaces = {s.id for s in client.surfaces} if client else set()
        for feature_id, statements in file.support.items():
            if not ctx.known("feature", feature_id):
                yield RULE.at(
                    ctx, ("support", client_id), "support", feature_id, message=f"support: no feature '{feature_id}'"
                )
            # 75,000 statements in a large knowledge base: a statement's key is made only when it has a
            # reference to check (a pinned source references nothing here)
            for k, statement in enumerate(statements):
                if client and statement.surface is not None and statement.surface not in surfaces:
                    yield RULE.at(
                        ctx,
                        ("statement", client_id, feature_id, str(k)),
                        "surface",
                        message=f"surface: client '{client_id}' has no surface '{statement.surface}'",
                    )
                for j, ev in enumerate(statement.evidence):
                    if ev.note is not None or ev.probe is not None:
                        yield from _reference(ctx, ("statement", client_id, feature_id, str(k)), ("evidence", j), ev)


def _features(ctx: Context) -> Iterator[Finding]:
    for feature in ctx.kb.features.values():
        for field in ("added", "deprecated", "removed"):
            link = getattr(feature, field)
            if link is not None and not ctx.known("revision", link.revision):
                yield RULE.at(
                    ctx,
                    ("feature", feature.id),
                    field,
                    "revision",
                    message=f"{field}: no spec revision '{link.revision}'",
                )
