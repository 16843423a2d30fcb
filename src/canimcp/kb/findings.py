"""A finding: one problem at one line of one file."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Finding:
    path: str
    line: int
    code: str
    severity: Severity
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.code}: {self.message}"

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def display_path(path: Path) -> str:
    """A path relative to the working directory when it lies below it, else absolute."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path.resolve())


def is_error(findings: list[Finding]) -> bool:
    return any(f.severity == "error" for f in findings)


__all__ = ["Finding", "Severity", "display_path", "is_error"]
