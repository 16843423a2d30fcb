"""Sources (pins into repositories or published packages) and evidence items."""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache

from pydantic import Field, field_validator, model_validator

from .common import Strict

GITHUB_URL = re.compile(r"^https://github\.com/(?P<repo>[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+?)(?:\.git)?(?:/.*)?$")


@lru_cache(maxsize=4096)  # thousands of sources cite a few hundred repositories: match each url once
def repo_of_url(url: str) -> str | None:
    """owner/name of a GitHub repository url (or of a url inside one), else None."""
    m = GITHUB_URL.match(url)
    return m.group("repo") if m else None


class Source(Strict):
    """A place that was read: a file at a commit (or inside a published package), with its line range."""

    url: str
    title: str
    repository: str | None = None
    commit: str | None = None
    package: str | None = Field(default=None, description="registry:name@version, e.g. npm:openclaw@2026.9.6")
    path: str | None = None
    date: dt.date

    @field_validator("commit", mode="before")
    @classmethod
    def _commit_is_text(cls, v: object) -> object:
        if isinstance(v, int | float) and not isinstance(v, bool):
            raise ValueError(f"YAML read this commit as the number {v}: quote it")
        return v

    @property
    def repo(self) -> str | None:
        """owner/name of the repository, explicit or derived from a GitHub url."""
        return self.repository or repo_of_url(self.url)

    @property
    def file_path(self) -> str | None:
        return self.path.split(":", 1)[0] if self.path else None

    @property
    def line_range(self) -> tuple[int, int] | None:
        if not self.path or ":" not in self.path:
            return None
        spec = self.path.split(":", 1)[1]
        start, _, end = spec.partition("-")
        if not start.isdigit() or (end and not end.isdigit()):
            return None
        return int(start), int(end or start)

    def permalink(self) -> str:
        """A link to the pinned lines (GitHub blob at the commit), or the plain url."""
        repo, path = self.repo, self.file_path
        if repo and self.commit and path:
            link = f"https://github.com/{repo}/blob/{self.commit}/{path}"
            lines = self.line_range
            if lines:
                link += f"#L{lines[0]}" if lines[0] == lines[1] else f"#L{lines[0]}-L{lines[1]}"
            return link
        return self.url


class Evidence(Strict):
    """One piece of evidence: exactly one of a pinned source, a research note id, or a probe report id."""

    source: Source | None = None
    note: str | None = None
    probe: str | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> Evidence:
        given = [k for k in ("source", "note", "probe") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("evidence needs exactly one of source, note or probe")
        return self

    @property
    def kind(self) -> str:
        return "source" if self.source else "note" if self.note else "probe"

    @property
    def ref(self) -> str:
        """A stable id for this evidence item (used in exports)."""
        if self.note:
            return f"note:{self.note}"
        if self.probe:
            return f"probe:{self.probe}"
        assert self.source is not None
        pin = self.source.commit or self.source.package or ""
        return f"source:{self.source.repo or self.source.url}@{pin}:{self.source.path or ''}"
