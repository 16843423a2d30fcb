"""The knowledge base: every entity of `data/`, cross-linked by id."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from .clients import Client
from .features import Category, Feature
from .notes import Note
from .probe import ProbeReport
from .revisions import Revision
from .support import Statement, SupportFile


class KnowledgeBase(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    root: Path = Path(".")
    revisions: dict[str, Revision] = Field(default_factory=dict)
    categories: dict[str, Category] = Field(default_factory=dict)
    features: dict[str, Feature] = Field(default_factory=dict)
    clients: dict[str, Client] = Field(default_factory=dict)
    support: dict[str, SupportFile] = Field(default_factory=dict)
    notes: dict[str, Note] = Field(default_factory=dict)
    probes: dict[str, ProbeReport] = Field(default_factory=dict)
    # report id -> the folder of probes/ it was filed in: data/probes/<client>/ files a run under its client, which is
    # how a run no harness made (a script driving a library) says whose it is
    probe_folders: dict[str, str] = Field(default_factory=dict)

    @cached_property
    def observed(self) -> dict[str, dict[str, list[Statement]]]:
        """Statements derived from probe runs (kb/observed.py), used where none were written by hand. Worked out
        on first use, from the reports and clients as they are then: `canimcp check` never needs them (its rules
        read the written statements), and deriving tens of thousands of statements was a tenth of its time."""
        from ..kb.collector import gc_paused
        from ..kb.observed import derive

        with gc_paused():  # tens of thousands of small objects: see gc_paused
            return derive(self.probes, self.clients)

    @property
    def revision_order(self) -> list[str]:
        """Revision ids oldest first; undated ones (the draft) last."""
        dated = sorted((r for r in self.revisions.values() if r.date), key=lambda r: r.date or 0)
        return [r.id for r in dated] + [r.id for r in self.revisions.values() if not r.date]

    def ordered_categories(self) -> list[Category]:
        return sorted(self.categories.values(), key=lambda c: c.order)

    def statements(self, client_id: str, feature_id: str) -> list[Statement]:
        """Hand-written statements; where there are none, the ones derived from probe runs."""
        file = self.support.get(client_id)
        written = file.support.get(feature_id, []) if file else []
        return list(written or self.observed.get(client_id, {}).get(feature_id, []))

    def notes_about_client(self, client_id: str) -> list[Note]:
        return [n for n in self.notes.values() if client_id in n.clients]

    def notes_about_feature(self, feature_id: str) -> list[Note]:
        return [n for n in self.notes.values() if feature_id in n.capabilities]

    def related_notes(self, note_id: str) -> list[Note]:
        """Notes related either way: listed by this note, or listing it."""
        note = self.notes[note_id]
        ids = dict.fromkeys(note.related)
        ids.update(dict.fromkeys(n.id for n in self.notes.values() if note_id in n.related))
        return [self.notes[i] for i in ids if i in self.notes and i != note_id]

    def find_client(self, name: str) -> Client | None:
        """A client by id, alias, title or any clientInfo name it sends (case-insensitive)."""
        key = name.strip().lower()
        if key in self.clients:
            return self.clients[key]
        for client in self.clients.values():
            names = [
                client.title,
                *client.aliases,
                *(c.name for c in client.client_info if c.identifies),
            ]
            if key in (n.lower() for n in names):
                return client
        return None

    def find_feature(self, name: str) -> Feature | None:
        """A feature by id or alias (case-insensitive)."""
        if name in self.features:
            return self.features[name]
        key = name.strip().lower()
        for feature in self.features.values():
            if key == feature.id.lower() or key in (a.lower() for a in feature.aliases):
                return feature
        return None
