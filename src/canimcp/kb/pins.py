"""Verify source pins against local git clones: does the pinned text still stand at HEAD, and where?

A pin names a commit, a file and a line range. Against a clone of that repository, the pin
- *holds* when HEAD has the same lines at the same place,
- has *moved* when HEAD has the same lines elsewhere in the file (the new range is reported),
- has *changed* when the lines are no longer in the file, and
- is *gone* when the commit or the file no longer exists.
`write_pins` moves holding and moved pins to HEAD, so that the data always cites what is there now.
"""

from __future__ import annotations

import datetime as dt
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..model import Source
from .findings import display_path
from .loader import read_kb
from .rules.base import Context, Options

Status = Literal["holds", "moved", "changed", "gone", "unchecked"]


@dataclass
class PinResult:
    file: Path  # the data file holding the source
    line: int  # the line of the source's `commit:` in that file
    source: Source
    status: Status
    detail: str
    head: str | None = None  # HEAD commit of the clone
    head_date: dt.date | None = None
    new_range: tuple[int, int] | None = None
    field_lines: dict[str, int] | None = None  # the lines of the source's commit, path and date fields

    def __str__(self) -> str:
        return f"{display_path(self.file)}:{self.line}: {self.status}: {self.detail}"


class Clone:
    """A local git repository (bare or not), read with plain git commands."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.head = self._git("rev-parse", "HEAD").strip()
        self.head_date = dt.date.fromisoformat(self._git("log", "-1", "--format=%cs", "HEAD").strip())

    def _git(self, *args: str) -> str:
        done = subprocess.run(["git", "-C", str(self.path), *args], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise LookupError(done.stderr.strip() or f"git {' '.join(args)} failed")
        return done.stdout

    def resolve(self, commit: str) -> str | None:
        try:
            return self._git("rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}").strip()
        except LookupError:
            return None

    def lines(self, commit: str, path: str) -> list[str] | None:
        try:
            return self._git("show", f"{commit}:{path}").splitlines()
        except LookupError:
            return None


def _find_block(block: list[str], lines: list[str]) -> list[int]:
    """1-based starts where `block` occurs in `lines`."""
    n = len(block)
    return [i + 1 for i in range(len(lines) - n + 1) if lines[i : i + n] == block]


def verify_source(source: Source, clone: Clone) -> tuple[Status, str, tuple[int, int] | None]:
    assert source.commit and source.file_path
    full = clone.resolve(source.commit)
    where = f"{source.repo}@{source.commit[:12]} {source.path}"
    if full is None:
        return "gone", f"{where}: commit not in the clone", None
    then = clone.lines(full, source.file_path)
    if then is None:
        return "gone", f"{where}: file not at the pinned commit", None
    span = source.line_range or (1, len(then))
    if span[1] > len(then):
        return "gone", f"{where}: lines {span[0]}-{span[1]} past the end ({len(then)} lines)", None
    now = clone.lines(clone.head, source.file_path)
    if now is None:
        return "gone", f"{where}: file no longer exists at HEAD {clone.head[:12]}", None
    block = then[span[0] - 1 : span[1]]
    starts = _find_block(block, now)
    if span[0] in starts:
        return "holds", f"{where}: same lines at HEAD {clone.head[:12]}", span
    if starts:
        new = (starts[0], starts[0] + len(block) - 1)
        return "moved", f"{where}: now at lines {new[0]}-{new[1]} at HEAD {clone.head[:12]}", new
    return "changed", f"{where}: the pinned lines are no longer in the file at HEAD {clone.head[:12]}", None


def verify_pins(data: Path | None, clones: dict[str, Path]) -> list[PinResult]:
    """Check every pinned source of the knowledge base whose repository has a clone in `clones`."""
    ctx = Context(read_kb(data), Options())
    opened = {repo.lower(): Clone(path) for repo, path in clones.items()}
    results = []
    for key, loc, source in ctx.sources():
        origin = ctx.result.origins[key]
        line = origin.line(*loc, "commit")
        if not (source.repo and source.commit and source.file_path):
            continue
        clone = opened.get(source.repo.lower())
        if clone is None:
            results.append(PinResult(origin.path, line, source, "unchecked", f"{source.repo}: no clone given"))
            continue
        status, detail, span = verify_source(source, clone)
        fields = {name: origin.line(*loc, name) for name in ("commit", "path", "date")}
        results.append(PinResult(origin.path, line, source, status, detail, clone.head, clone.head_date, span, fields))
    return results


def write_pins(results: list[PinResult]) -> int:
    """Move holding and moved pins to HEAD in their data files; returns how many were rewritten."""
    written = 0
    for result in results:
        if result.status not in ("holds", "moved") or result.head is None or result.new_range is None:
            continue
        path, source = result.file, result.source
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        start, end = result.new_range
        new_path = source.file_path or ""
        if source.line_range is not None:
            new_path += f":{start}" if start == end else f":{start}-{end}"
        values = {
            "commit": (source.commit, result.head),
            "path": (source.path, new_path),
            "date": (source.date.isoformat(), (result.head_date or source.date).isoformat()),
        }
        for key, (old, new) in values.items():
            i = (result.field_lines or {})[key] - 1
            pattern = rf"^(\s*(?:- )?{key}:\s*)['\"]?{re.escape(str(old))}['\"]?(\s*)$"
            lines[i] = re.sub(pattern, rf"\g<1>{new}\g<2>", lines[i].rstrip("\n")) + "\n"
        path.write_text("".join(lines), encoding="utf-8")
        written += 1
    return written
