"""What the pages show, computed once per build from the knowledge base: matrix cells, tallies, links."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from ..kb.verdict import Verdict, verdict
from ..model import Client, Evidence, Feature, KnowledgeBase, Note, ProbeReport

STATE_SYMBOL = {"yes": "✓", "partial": "◐", "no": "✕", "unknown": "?"}
STATE_LABEL = {"yes": "Supported", "partial": "Partial support", "no": "Not supported", "unknown": "Unknown"}
DEFAULT_REVISION = "2025-11-25"  # the latest handshake revision: what almost every client speaks today


def anchor(feature_id: str) -> str:
    return "f-" + re.sub(r"[^A-Za-z0-9_-]", "-", feature_id)


def client_url(client_id: str, suffix: str = ".html") -> str:
    return f"/clients/{client_id}{suffix}"


def feature_url(feature_id: str, suffix: str = ".html") -> str:
    return f"/features/{feature_id}{suffix}"


def note_url(note_id: str, suffix: str = ".html") -> str:
    return f"/research/{note_id}{suffix}"


def matrix_url(revision: str) -> str:
    return "/" if revision == DEFAULT_REVISION else f"/matrix/{revision}.html"


@dataclass(frozen=True)
class EvidenceLink:
    kind: str
    label: str
    href: str
    detail: str = ""


def evidence_link(kb: KnowledgeBase, ev: Evidence) -> EvidenceLink:
    if ev.note:
        title = kb.notes[ev.note].title if ev.note in kb.notes else ev.note
        return EvidenceLink("note", title, note_url(ev.note))
    if ev.probe:
        return EvidenceLink("probe", f"probe run {ev.probe}", f"/api/probes/{ev.probe}.json")
    src = ev.source
    assert src is not None
    pin = (src.commit or "")[:12] or (src.package or "")
    detail = " · ".join(x for x in (pin, src.path or "", src.date.isoformat()) if x)
    return EvidenceLink("source", src.title, src.permalink(), detail)


@dataclass
class Cell:
    client: Client
    feature: Feature
    verdict: Verdict

    @property
    def state(self) -> str:
        return self.verdict.state

    @property
    def marks(self) -> list[str]:
        """Short markers for conditional support: ⚑ flag, ◇ surface, ↕ version range, ≠ declared not observed."""
        marks = []
        variants = self.verdict.variants
        if any(v.statement.condition and v.statement.condition.flag for v in variants):
            marks.append("⚑")
        if any(v.statement.surface for v in variants if "on " in v.why):
            marks.append("◇")
        if any(v.statement.since or v.statement.until for v in variants):
            marks.append("↕")
        if self.verdict.declared_not_observed:
            marks.append("≠")
        return marks

    @property
    def title(self) -> str:
        return f"{self.client.title} · {self.feature.id}: {self.verdict.summary()}"

    @property
    def href(self) -> str:
        return f"{client_url(self.client.id)}#{anchor(self.feature.id)}"


@dataclass
class Views:
    kb: KnowledgeBase
    _cells: dict[tuple[str, str], Cell] = field(default_factory=dict)

    def cell(self, client_id: str, feature_id: str) -> Cell:
        key = (client_id, feature_id)
        if key not in self._cells:
            client, feature = self.kb.clients[client_id], self.kb.features[feature_id]
            self._cells[key] = Cell(client, feature, verdict(self.kb.statements(client_id, feature_id), client))
        return self._cells[key]

    @cached_property
    def clients(self) -> list[Client]:
        return sorted(self.kb.clients.values(), key=lambda c: c.title.lower())

    @cached_property
    def order(self) -> list[str]:
        return self.kb.revision_order

    def features_in(self, revision: str) -> list[Feature]:
        return [f for f in self.kb.features.values() if f.in_revision(revision, self.order)]

    def categories_in(self, revision: str) -> list[tuple[str, str, list[Feature]]]:
        """(category id, title, features in this revision) in taxonomy order, empty categories left out."""
        inside = {f.id for f in self.features_in(revision)}
        out = []
        for cat in self.kb.ordered_categories():
            features = [f for f in cat.features if f.id in inside and f.id in self.kb.features]
            if features:
                out.append((cat.category, cat.title, features))
        return out

    def tally(self, features: list[Feature], clients: list[Client]) -> dict[str, int]:
        counts = dict.fromkeys(STATE_SYMBOL, 0)
        for f in features:
            for c in clients:
                counts[self.cell(c.id, f.id).state] += 1
        return counts

    def revisions_of(self, feature: Feature) -> list[str]:
        return [r for r in self.order if feature.in_revision(r, self.order)]

    def notes_newest_first(self) -> list[Note]:
        return sorted(self.kb.notes.values(), key=lambda n: (n.last_updated, n.id), reverse=True)

    def probes_of(self, client_id: str) -> list[ProbeReport]:
        runs = [p for p in self.kb.probes.values() if p.harness and p.harness.client == client_id]
        return sorted(runs, key=lambda p: p.started, reverse=True)
