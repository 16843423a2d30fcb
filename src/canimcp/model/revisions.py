"""MCP specification revisions."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from .common import Strict

RevisionStatus = Literal["superseded", "current", "draft"]
Era = Literal["handshake", "stateless"]


class Revision(Strict):
    id: str
    date: dt.date | None = None
    status: RevisionStatus
    era: Era
    url: str
    title: str | None = None
    notes: str | None = None


class RevisionLink(Strict):
    """A revision that adds, deprecates or removes a feature, with the spec page that says so."""

    revision: str
    url: str | None = None
    notes: str | None = None
