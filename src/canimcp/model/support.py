"""Support statements: client x feature -> statements, in the spirit of MDN browser-compat-data."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from .common import Strict
from .sources import Evidence

State = Literal["yes", "partial", "no", "unknown"]
STATES: tuple[State, ...] = ("yes", "partial", "no", "unknown")


class Flag(Strict):
    key: str
    value: Any = True
    kind: Literal["config", "env", "cli"] = "config"

    def __str__(self) -> str:
        value = str(self.value).lower() if isinstance(self.value, bool) else str(self.value)
        return f"{self.key}={value}"


class Condition(Strict):
    """What must hold beyond a default install for the statement to apply."""

    flag: Flag | None = None
    # requirements installed beside the client that a default install would not choose (`mcp<2` for a release that
    # does not import beside the newest SDK): the statement holds for such an install, which is the only one that
    # runs, so it still counts as the client's baseline (no flag), and pages name it instead of "default install"
    install: str | None = None
    notes: str | None = None

    def __str__(self) -> str:
        """The flag, then in parentheses what else must hold (the notes), as answers name it; pages set the same
        two parts in their own markup."""
        flag = str(self.flag) if self.flag else ""
        return f"{flag} ({self.notes})" if flag and self.notes else flag or (self.notes or "")

    @property
    def installed(self) -> str:
        """What pages and answers say of a statement's install: "with mcp<2 installed beside it", or ""."""
        return f"with {self.install} installed beside it" if self.install else ""


class Statement(Strict):
    state: State
    surface: str | None = None
    since: str | None = None
    until: str | None = None
    condition: Condition | None = None
    declared: bool | None = None
    observed: bool | None = None
    notes: str | None = None
    evidence: list[Evidence] = Field(default_factory=list)

    @field_validator("since", "until", mode="before")
    @classmethod
    def _version_as_text(cls, v: object) -> object:
        # versions such as 1.2 or 2026 read as numbers in YAML; they are version strings
        return str(v) if isinstance(v, int | float) and not isinstance(v, bool) else v

    @property
    def is_default(self) -> bool:
        return self.condition is None or self.condition.flag is None


class SupportFile(Strict):
    client: str
    support: dict[str, list[Statement]] = Field(default_factory=dict)
