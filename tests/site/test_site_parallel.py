"""A build rendered by worker processes writes exactly what a build in one process writes, and a page
that fails in a worker fails the build."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from canimcp.kb import bundled_data_dir, read_kb
from canimcp.site import build_site, writer
from canimcp.site.build import MANIFEST, SiteBuilder


def files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}


@pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are forked")
def test_workers_write_what_one_process_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = read_kb(bundled_data_dir())
    monkeypatch.setattr(writer, "PARALLEL_FROM", 10**9)
    build_site(result, tmp_path / "serial")
    monkeypatch.setattr(writer, "PARALLEL_FROM", 1)
    monkeypatch.setattr(writer, "usable_cores", lambda: 3)
    monkeypatch.setattr(writer, "can_fork", lambda: True)  # other tests' server threads may still be running
    forks: list[int] = []
    real_batches = writer._batches
    monkeypatch.setattr(writer, "_batches", lambda pages: forks.append(len(pages)) or real_batches(pages))
    stats = build_site(result, tmp_path / "parallel")
    assert forks, "the parallel path was not taken"
    serial, parallel = files(tmp_path / "serial"), files(tmp_path / "parallel")
    assert stats.written == len(serial) - 1  # every page but the manifest
    assert sorted(parallel) == sorted(serial)
    assert [p for p in serial if serial[p] != parallel[p] and p != MANIFEST] == []
    assert not [p for p in parallel if p.endswith(".tmp")]


def test_batches_keep_named_groups_together_and_cover_every_page() -> None:
    result = read_kb(bundled_data_dir())
    pages = SiteBuilder(result).pages()
    batches = writer._batches(pages)
    covered = sorted(i for batch in batches for i in batch)
    assert covered == list(range(len(pages)))
    matrix = [b for b in batches if any(pages[i].batch == "matrix" for i in b)]
    assert len(matrix) == 1 and {pages[i].batch for i in matrix[0]} == {"matrix"}
    assert any(pages[i].path == "index.html" for i in matrix[0])


@pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are forked")
def test_a_page_that_fails_in_a_worker_fails_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> str:
        raise RuntimeError("this page cannot be rendered")

    pages = [writer.Page(f"p{i}.txt", "fp", (broken if i == 7 else (lambda i=i: f"page {i}"))) for i in range(40)]
    monkeypatch.setattr(writer, "PARALLEL_FROM", 1)
    monkeypatch.setattr(writer, "usable_cores", lambda: 2)
    monkeypatch.setattr(writer, "can_fork", lambda: True)
    with pytest.raises(RuntimeError, match="cannot be rendered"):
        writer.write_pages(pages, tmp_path, set())
