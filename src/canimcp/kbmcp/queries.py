"""The knowledge base server's tools as plain functions of a knowledge base (no MCP here).

Each raises `canimcp.detect.answer.NotFound` (with the nearest known name) for a client, feature or revision
it does not know."""

from __future__ import annotations

import re
from typing import cast

from ..detect.answer import answer, resolve_client, resolve_feature
from ..kb.verdict import verdict
from ..model import KnowledgeBase, Note, State
from ..site.views import note_url
from .results import (
    CanAnswer,
    ClientInfoEntry,
    ClientProfileResult,
    ClientSupport,
    FeatureState,
    FeatureSupport,
    NoteHit,
    NoteRef,
    SearchResult,
    SurfaceEntry,
    Variant,
)


class BadQuery(ValueError):
    """A search query with nothing to search for."""


RANK = {"yes": 0, "partial": 1, "no": 2, "unknown": 3}
SCHEME = "canimcp://"


def note_uri(note_id: str) -> str:
    return f"{SCHEME}research/{note_id}"


def client_uri(client_id: str) -> str:
    return f"{SCHEME}clients/{client_id}"


def feature_uri(feature_id: str) -> str:
    return f"{SCHEME}features/{feature_id}"


def can(
    kb: KnowledgeBase, client: str, feature: str, version: str | None = None, revision: str | None = None
) -> CanAnswer:
    data = answer(kb, client, feature, version=version, revision=revision).as_dict()
    variants = [Variant(**v) for v in data.pop("variants")]
    return CanAnswer(**data, variants=variants, version=version, revision=revision)


def which_clients_support(kb: KnowledgeBase, feature: str, revision: str | None = None) -> FeatureSupport:
    found = resolve_feature(kb, feature)
    rows = []  # answer() checks the revision
    for client in kb.clients.values():
        a = answer(kb, client.id, found.id, revision=revision)
        rows.append(
            ClientSupport(
                client=client.id, title=client.title, state=cast(State, a.state), answer=a.line,
                conditions=a.conditions, evidence=a.verdict.evidence_ids,
            )
        )  # fmt: skip
    rows.sort(key=lambda r: (RANK[r.state], r.title.lower()))
    inside = revision is None or found.in_revision(revision, kb.revision_order)
    return FeatureSupport(
        feature=found.id, title=found.title, revision=revision, in_revision=inside,
        supported=[r.client for r in rows if r.state in ("yes", "partial")], clients=rows,
    )  # fmt: skip


def client_profile(kb: KnowledgeBase, client: str, version: str | None = None) -> ClientProfileResult:
    found = resolve_client(kb, client)
    support, unknown = [], []
    for category in kb.ordered_categories():
        for feature in category.features:
            statements = kb.statements(found.id, feature.id)
            if not statements:
                unknown.append(feature.id)
                continue
            v = verdict(statements, found, version=version)
            support.append(
                FeatureState(feature=feature.id, state=v.state, summary=v.summary(), evidence=v.evidence_ids)
            )
    notes = [NoteRef(id=n.id, title=n.title, uri=note_uri(n.id)) for n in kb.notes_about_client(found.id)]
    return ClientProfileResult(
        client=found.id, title=found.title, vendor=found.vendor, homepage=found.homepage,
        repository=found.repository, aliases=found.aliases,
        surfaces=[SurfaceEntry(id=s.id, title=s.title) for s in found.surfaces],
        client_info=[
            ClientInfoEntry(
                name=c.name,
                surface=c.surface,
                mode=c.mode,
                fixed_version=c.fixed_version,
                version_names_no_release=c.version_names_no_release,
                name_from_configuration=c.name_from_configuration,
            )
            for c in found.client_info
        ],
        version=version, support=support, unknown=unknown, notes=notes, uri=client_uri(found.id),
    )  # fmt: skip


# A handful of notes: a weighted term count ranks them well enough; a search library would not pay its way.
WEIGHTS = (("id", 3.0), ("title", 3.0), ("tags", 3.0), ("summary", 2.0), ("body", 1.0))
_TERM = re.compile(r"[\w./@-]+")


def _fields(note: Note) -> dict[str, str]:
    tags = " ".join([*note.clients, *note.capabilities, note.kind])
    return {"id": note.id, "title": note.title, "tags": tags, "summary": note.summary, "body": note.body}


def _snippet(note: Note, terms: list[str], width: int = 200) -> str:
    for line in (note.summary, *note.body.splitlines()):
        lowered = line.lower()
        if line.strip() and not line.startswith("#") and any(t in lowered for t in terms):
            text = " ".join(line.split())
            return text if len(text) <= width else text[: width - 1] + "…"
    return note.summary[:width]


def search_research(kb: KnowledgeBase, query: str, limit: int = 10) -> SearchResult:
    terms = list(dict.fromkeys(t.lower() for t in _TERM.findall(query)))
    if not terms:
        raise BadQuery(f"nothing to search for in {query!r}: give some words")
    hits = []
    for note in kb.notes.values():
        fields = {k: v.lower() for k, v in _fields(note).items()}
        matched = [t for t in terms if any(t in text for text in fields.values())]
        if not matched:
            continue
        score = sum(w * min(fields[k].count(t), 5) for t in matched for k, w in WEIGHTS)
        score *= len(matched) / len(terms)  # notes that match every word first
        hits.append(
            NoteHit(
                id=note.id, title=note.title, kind=note.kind, status=note.status, summary=note.summary,
                clients=note.clients, capabilities=note.capabilities, uri=note_uri(note.id),
                url=note_url(note.id, ""), score=round(score, 2), snippet=_snippet(note, matched),
            )
        )  # fmt: skip
    hits.sort(key=lambda h: (-h.score, h.id))
    return SearchResult(query=query, notes=hits[: max(limit, 0)])
