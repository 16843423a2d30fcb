"""KB004 duplicate-id: no two entities of a kind share an id, and no name resolves to two clients."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding, display_path
from ..loader import Entity
from .base import Context, Rule

RULE = Rule(
    "KB004", "duplicate-id", "error", "two entities share an id, or a client name or clientInfo name is ambiguous"
)


def check(ctx: Context) -> Iterator[Finding]:
    # the first one's place is worked out only for a duplicate: a line number composes the file's YAML
    # nodes and a display path resolves the file on disk (~2 s for 6,000 entities, none duplicated)
    first: dict[tuple[str, str], Entity] = {}
    for entity in ctx.result.entities:
        key = (entity.kind, entity.id)
        if key in first:
            origin = first[key].origin
            where = f"{display_path(origin.path)}:{origin.line('id')}"
            yield RULE.here(entity.origin, "id", message=f"duplicate {entity.kind} id '{entity.id}' (first at {where})")
        else:
            first[key] = entity
    yield from _client_names(ctx)
    yield from _client_info_names(ctx)
    yield from _feature_aliases(ctx)


def _client_names(ctx: Context) -> Iterator[Finding]:
    """Ids and aliases are how users name clients: each must point at exactly one client."""
    owner: dict[str, str] = {client.id: client.id for client in ctx.kb.clients.values()}
    for client in ctx.kb.clients.values():
        for i, alias in enumerate(client.aliases):
            taken = owner.setdefault(alias.lower(), client.id)
            if taken != client.id:
                yield RULE.at(
                    ctx, ("client", client.id), "aliases", i, message=f"alias '{alias}' already names client '{taken}'"
                )


def _client_info_names(ctx: Context) -> Iterator[Finding]:
    """A clientInfo name that two clients send must say whose it is: detection would otherwise give it to whichever
    client comes first. One side defers (`inheritedFrom`, or a configured name) or carries a mark (`toldBy`)."""
    owner: dict[tuple[str, bool], str] = {}
    for client in ctx.kb.clients.values():
        for i, info in enumerate(client.client_info):
            if not info.identifies or info.told_by is not None:
                continue
            taken = owner.setdefault((info.name.lower(), info.name_is_prefix), client.id)
            if taken != client.id:
                yield RULE.at(
                    ctx,
                    ("client", client.id),
                    "clientInfo",
                    i,
                    "name",
                    message=f"clientInfo name '{info.name}' is also sent by client '{taken}': mark one entry with "
                    "inheritedFrom (the name comes from the other) or toldBy (another field tells them apart)",
                )


def _feature_aliases(ctx: Context) -> Iterator[Finding]:
    owner: dict[str, str] = {feature.id.lower(): feature.id for feature in ctx.kb.features.values()}
    for feature in ctx.kb.features.values():
        for i, alias in enumerate(feature.aliases):
            taken = owner.setdefault(alias.lower(), feature.id)
            if taken != feature.id:
                yield RULE.at(
                    ctx,
                    ("feature", feature.id),
                    "aliases",
                    i,
                    message=f"alias '{alias}' already names feature '{taken}'",
                )
