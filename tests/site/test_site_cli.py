"""`canimcp build` as a user runs it: it builds a clean knowledge base, refuses one with errors (naming
each with its file and line), and a second run writes nothing new."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from minikb import MiniKB


def build(data: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "canimcp", "build", "--data", str(data), "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_build_then_rebuild(mini: MiniKB, tmp_path: Path) -> None:
    out = tmp_path / "site"
    first = build(mini.root, out)
    assert first.returncode == 0, first.stderr
    assert "0 unchanged" in first.stderr
    for page in ("index.html", "clients/alpha.html", "clients/alpha.md", "research/alpha-roots.html", "feed.xml"):
        assert (out / page).is_file(), page
    second = build(mini.root, out)
    assert second.returncode == 0 and " 0 written" in second.stderr, second.stderr


def test_build_refuses_a_knowledge_base_with_errors(mini: MiniKB, tmp_path: Path) -> None:
    mini.edit("research/alpha-roots.md", "  - alpha-elicitation", "  - no-such-note")
    out = tmp_path / "site"
    done = build(mini.root, out)
    assert done.returncode == 1
    assert "alpha-roots.md:" in done.stdout and "KB005" in done.stdout and "no-such-note" in done.stdout
    assert "not built: 1 error(s)" in done.stderr
    assert not out.exists(), "nothing is written, not even the output folder"
