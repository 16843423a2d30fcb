"""Rendering pages and writing them to disk: in worker processes when there are many to write.

Rendering is pure Python, so threads would not help; a full build of a large knowledge base renders
tens of thousands of pages. The workers are forked after the knowledge base is loaded and share it
copy-on-write, so nothing is pickled but page numbers and counts. Pages that share expensive caches
(the matrix pages all need every matrix row) travel in one batch so that one worker computes them.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..kb.collector import can_fork, usable_cores

PARALLEL_FROM = 1500  # pages to write before worker processes pay for themselves
BATCH = 30  # pages per task: a client's or note's page, twin and API document stay together


@dataclass
class Page:
    path: str  # relative to the output directory
    fingerprint: str
    render: Callable[[], str | bytes]
    batch: str = ""  # pages with the same non-empty batch are rendered by the same worker


def write_pages(pages: Sequence[Page], out: Path, present: set[str], workers: int | None = None) -> int:
    """Render and write `pages` into `out` (`present`: files already there); returns how many were written."""
    workers = workers or usable_cores()
    if not in_parallel(len(pages), workers):
        return _write_batch_of(pages, out, present, range(len(pages)))
    global _JOB
    _JOB = (pages, out, present)
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            return sum(pool.imap_unordered(_write_batch, _batches(pages), chunksize=1))
    finally:
        _JOB = None


def in_parallel(pages: int, workers: int | None = None) -> bool:
    """Will `write_pages` render this many pages in worker processes?"""
    return (workers or usable_cores()) >= 2 and pages >= PARALLEL_FROM and can_fork()


_JOB: tuple[Sequence[Page], Path, set[str]] | None = None  # what forked workers inherit


def _write_batch(indexes: list[int]) -> int:
    assert _JOB is not None, "workers are forked after the job is set"
    pages, out, present = _JOB
    return _write_batch_of(pages, out, present, indexes)


def _write_batch_of(pages: Sequence[Page], out: Path, present: set[str], indexes: Sequence[int]) -> int:
    made: set[Path] = set()
    for i in indexes:
        page = pages[i]
        content = page.render()
        target = out / page.path
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.add(target.parent)
        # into an empty directory (a first build) nothing can be reading yet: no temporary file and rename
        write_whole(target, content.encode() if isinstance(content, str) else content, atomic=bool(present))
    return len(indexes)


def _batches(pages: Sequence[Page]) -> list[list[int]]:
    """Named batches first (they are the largest), then the rest in runs of `BATCH` pages, in order."""
    named: dict[str, list[int]] = {}
    rest: list[int] = []
    for i, page in enumerate(pages):
        if page.batch:
            named.setdefault(page.batch, []).append(i)
        else:
            rest.append(i)
    return [*named.values(), *(rest[i : i + BATCH] for i in range(0, len(rest), BATCH))]


def write_whole(target: Path, content: bytes, atomic: bool = True) -> None:
    """Replace a file in one step, so that `canimcp serve` never reads half of a page being rebuilt."""
    if not atomic:
        target.write_bytes(content)
        return
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    temporary.write_bytes(content)
    os.replace(temporary, target)


def files_under(root: Path) -> set[str]:
    """Paths of the files under `root`, relative and with `/` separators."""
    found: set[str] = set()
    for folder, _, files in os.walk(root):
        rel = os.path.relpath(folder, root).replace(os.sep, "/")
        prefix = "" if rel == "." else rel + "/"
        found.update(prefix + name for name in files)
    return found
