"""Research notes: the seed note's format, field for field."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import Field

from .common import Strict
from .sources import Source

NoteKind = Literal["idiosyncrasy", "declaration", "behaviour", "bug", "spec-change", "proposal", "drift", "method"]
NoteStatus = Literal["current", "outdated", "superseded", "draft", "retracted"]
NOTE_KINDS: tuple[str, ...] = NoteKind.__args__  # type: ignore[attr-defined]
NOTE_STATUSES: tuple[str, ...] = NoteStatus.__args__  # type: ignore[attr-defined]


class Note(Strict):
    id: str
    title: str
    kind: NoteKind
    summary: str
    capabilities: list[str] = Field(default_factory=list)
    clients: list[str] = Field(default_factory=list)
    spec_versions: list[str] = Field(default_factory=list, alias="specVersions")
    sources: list[Source] = Field(default_factory=list)
    status: NoteStatus
    last_verified: dt.date = Field(alias="lastVerified")
    related: list[str] = Field(default_factory=list)
    canonical: str
    last_updated: dt.date = Field(alias="last-updated")
    body: str = ""
