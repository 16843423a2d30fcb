"""A client profile: who connected, and for each feature what a server can rely on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..model import Client, KnowledgeBase, Note


class Support(str):
    """'yes' | 'partial' | 'no' | 'unknown', carrying why: the declaration, the evidence, the notes."""

    evidence: list[str]
    declared: bool | None
    basis: str
    notes: list[str]

    def __new__(
        cls, state: str, *, evidence: list[str], declared: bool | None, basis: str, notes: list[str]
    ) -> Support:
        self = super().__new__(cls, state)
        self.evidence, self.declared, self.basis, self.notes = evidence, declared, basis, notes
        return self

    @property
    def state(self) -> str:
        return str(self)


class ClientProfile:
    """What `detect` found. Support per feature is worked out on first ask and remembered."""

    # class-level defaults: detect() sets only what it finds, which keeps a call around a microsecond
    client: Client | None = None
    client_id: str | None = None
    client_info: Mapping[str, Any] | None = None
    capabilities: Mapping[str, Any] = {}  # never mutated: detect() replaces it per profile
    name: str | None = None
    version: str | None = None  # clientInfo.version as sent
    release: str | None = None  # the product release it names, unless the entry sends a constant
    surface: str | None = None
    mode: str | None = None
    revision: str | None = None
    era = "handshake"
    user_agent: str | None = None
    malformed: tuple[str, ...] | list[str] = ()

    def __init__(self, kb: KnowledgeBase) -> None:
        self._kb = kb
        self._support: dict[str, Support] = {}

    def problem(self, text: str) -> None:
        if not self.malformed:
            self.malformed = []
        assert isinstance(self.malformed, list)
        self.malformed.append(text)

    @property
    def known(self) -> bool:
        """Is the client in the knowledge base? An unknown client is profiled from its declaration alone."""
        return self.client is not None

    def declares(self, dotted: str) -> bool:
        """Is `capabilities.<dotted>` present in what the client declared? (Extension ids contain dots:
        the path is matched greedily against the keys that exist.)"""
        node: Any = self.capabilities
        rest = dotted
        while rest:
            if not isinstance(node, Mapping):
                return False
            key = next((k for k in sorted(node, key=len, reverse=True) if rest == k or rest.startswith(k + ".")), None)
            if key is None or node[key] is None or node[key] is False:
                return False
            node, rest = node[key], rest[len(key) + 1 :]
        return True

    def support(self, feature: str) -> Support:
        if feature not in self._support:
            from .effective import effective_support

            self._support[feature] = effective_support(self, feature)
        return self._support[feature]

    def notes(self) -> list[Note]:
        return self._kb.notes_about_client(self.client_id) if self.client_id else []

    def as_dict(self) -> dict[str, Any]:
        return {
            "client": self.client_id, "known": self.known, "name": self.name, "version": self.version,
            "release": self.release, "surface": self.surface, "mode": self.mode, "revision": self.revision,
            "era": self.era, "userAgent": self.user_agent, "malformed": list(self.malformed),
        }  # fmt: skip

    def __repr__(self) -> str:
        return f"<ClientProfile {self.client_id or 'unknown'} {self.name!r} {self.version!r} {self.revision}>"
