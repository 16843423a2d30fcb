"""What pages show, as digests. A page's fingerprint is made of the facets of the knowledge base it shows,
so that a change reaches the pages that show what changed and no others: a sentence added to a note
rewrites that note's page, twin and API document, while a new title also reaches every list it is in."""

from __future__ import annotations

import hashlib
from functools import cached_property

from ..kb.loader import LoadResult
from ..model import Note

# note file digest -> listing digest, kept across builds (a serve process rebuilds many times)
_LISTINGS: dict[tuple[str, str], str] = {}
_LISTINGS_MAX = 200_000
# (client id, client file digest, support file digest) -> ids of the notes they cite, likewise
_CITED: dict[tuple[str, str, str], list[str]] = {}


def digest(*parts: str) -> str:
    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=16).hexdigest()


def listing(note: Note) -> str:
    """Everything of a note that pages other than its own show: research index, feed, llms.txt, lists
    of notes on client and feature pages, related notes both ways, evidence labels."""
    return digest(
        note.id,
        note.title,
        note.kind,
        note.summary,
        note.status,
        str(note.last_updated),
        str(note.last_verified),
        " ".join(note.clients),
        " ".join(note.capabilities),
        " ".join(note.related),
    )


class Facets:
    def __init__(self, result: LoadResult) -> None:
        self.result = result
        self._kinds: dict[str, str] = {}

    def file(self, kind: str, entity_id: str) -> str:
        """The content digest of the file an entity was read from."""
        return self.result.digests.get((kind, entity_id), "")

    def all(self, kind: str) -> str:
        """One digest over every file of a kind (with its id: a rename or a removal changes it)."""
        if kind not in self._kinds:
            items = sorted((i, d) for (k, i), d in self.result.digests.items() if k == kind)
            self._kinds[kind] = digest(*(f"{i}={d}" for i, d in items))
        return self._kinds[kind]

    @cached_property
    def listings(self) -> dict[str, str]:
        if len(_LISTINGS) > _LISTINGS_MAX:
            _LISTINGS.clear()
        found = {}
        for note in self.result.kb.notes.values():
            key = (note.id, self.file("note", note.id))
            if key not in _LISTINGS:
                _LISTINGS[key] = listing(note)
            found[note.id] = _LISTINGS[key]
        return found

    def listed(self, note_ids: list[str]) -> str:
        """The listings of some notes, in order (a note that does not exist lists as its bare id)."""
        listings = self.listings
        return "\x1e".join([f"{i}={listings.get(i, '')}" for i in note_ids])

    def notes_cited_by(self, client_id: str) -> list[str]:
        """Ids of the notes a client's statements and clientInfo names cite as evidence (their titles show)."""
        key = (client_id, self.file("client", client_id), self.file("support", client_id))
        if key not in _CITED:
            if len(_CITED) > _LISTINGS_MAX:
                _CITED.clear()
            kb = self.result.kb
            cited: dict[str, None] = {}
            client = kb.clients.get(client_id)
            for info in client.client_info if client else []:
                cited.update((e.note, None) for e in info.evidence if e.note)
            support = kb.support.get(client_id)
            for statements in support.support.values() if support else []:
                for statement in statements:
                    cited.update((e.note, None) for e in statement.evidence if e.note)
            _CITED[key] = list(cited)
        return _CITED[key]

    @cached_property
    def every_listing(self) -> str:
        return digest(*(f"{i}={d}" for i, d in sorted(self.listings.items())))

    @cached_property
    def client_names(self) -> str:
        """Id, title and vendor of every client: what lists of clients and links to them show."""
        return digest(*(f"{c.id}={c.title}={c.vendor}" for c in self.result.kb.clients.values()))

    @cached_property
    def taxonomy(self) -> str:
        """Feature categories and spec revisions."""
        return digest(self.all("category"), self.all("revision"))

    @cached_property
    def support(self) -> str:
        """What the matrix cells are made of: every support statement, those derived from probe runs included,
        and the clients (title, surfaces)."""
        return digest(self.all("client"), self.all("support"), self.all("probe"))

    @cached_property
    def filing(self) -> str:
        """Which folder of probes/ each report is filed in (it names the client of a run no harness made)."""
        return digest(*(f"{i}={d}" for i, d in sorted(self.result.kb.probe_folders.items())))
