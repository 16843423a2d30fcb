"""`canimcp pins verify` against a real git repository made for the test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from canimcp import load_kb

from minikb import PIN, MiniKB

CODE = ["line one", "def roots():", "    return []", "line four", "line five"]


def git(repo: Path, *args: str) -> str:
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
    env |= {
        "GIT_AUTHOR_DATE": "2026-10-01T00:00:00Z",
        "GIT_COMMITTER_DATE": "2026-10-01T00:00:00Z",
        "PATH": "/usr/bin:/bin",
    }
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True, env=env).stdout


def commit(repo: Path, files: dict[str, list[str]]) -> str:
    for name, lines in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text("\n".join(lines) + "\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "c")
    return git(repo, "rev-parse", "HEAD").strip()


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "canimcp", *args], capture_output=True, text=True, timeout=60)


def setup(mini: MiniKB, tmp_path: Path) -> tuple[Path, str]:
    repo = tmp_path / "alpha"
    repo.mkdir()
    git(repo, "init", "-q")
    first = commit(repo, {"src/mcp.ts": CODE, "src/gone.ts": ["x"]})
    for name in ("clients/alpha.md", "support/alpha.yaml"):
        text = (mini.root / name).read_text().replace(PIN, first)
        mini.write(name, text)
    mini.edit("research/alpha-roots.md", f"commit: {PIN[:8]}", f"commit: {first[:8]}")
    return repo, first


def test_holds_moved_changed_gone(mini: MiniKB, tmp_path: Path) -> None:
    repo, _first = setup(mini, tmp_path)
    # client pin src/mcp.ts:10-12 is past the end of a 5-line file: gone; point it at lines 2-3 instead
    mini.edit("clients/alpha.md", "path: src/mcp.ts:10-12", "path: src/mcp.ts:2-3")
    mini.edit("support/alpha.yaml", "path: src/mcp.ts:40-52", "path: src/gone.ts:1")
    mini.edit("research/alpha-roots.md", "path: src/mcp.ts:40-52", "path: src/mcp.ts:4")
    git(repo, "rm", "-q", "src/gone.ts")
    commit(repo, {"src/mcp.ts": ["new first line", *CODE[:3], "line four changed", "line five"]})
    done = run("pins", "verify", "--data", str(mini.root), "--repo", f"alpha/alpha={repo}")
    assert done.returncode == 1, done.stderr
    status = {line.split(": ")[1] for line in done.stdout.splitlines()}
    assert status == {"moved", "gone", "changed", "unchecked"}
    assert "now at lines 3-4" in done.stdout
    assert "file no longer exists" in done.stdout
    # the spec-repo pin in the taxonomy has no clone: reported, not failed
    assert "0 holds, 1 moved, 1 changed, 1 gone, 1 unchecked" in done.stderr


def test_write_moves_pins_to_head_and_the_data_still_checks(mini: MiniKB, tmp_path: Path) -> None:
    repo, _first = setup(mini, tmp_path)
    mini.edit("clients/alpha.md", "path: src/mcp.ts:10-12", "path: src/mcp.ts:2-3")
    mini.edit("support/alpha.yaml", "path: src/mcp.ts:40-52", "path: src/mcp.ts:1")
    mini.edit("research/alpha-roots.md", "path: src/mcp.ts:40-52", "path: src/mcp.ts:5")
    head = commit(repo, {"src/mcp.ts": ["added", "added", *CODE]})
    done = run("pins", "verify", "--data", str(mini.root), "--repo", f"alpha/alpha={repo}", "--write")
    assert "rewrote 3 pin(s)" in done.stderr
    kb = load_kb(mini.root)
    client_pin = kb.clients["alpha"].client_info[0].evidence[0].source
    assert client_pin is not None and (client_pin.commit, client_pin.path) == (head, "src/mcp.ts:4-5")
    note_pin = kb.notes["alpha-roots"].sources[0]
    assert (note_pin.commit, note_pin.path) == (head, "src/mcp.ts:7")
    again = run("pins", "verify", "--data", str(mini.root), "--repo", f"alpha/alpha={repo}")
    assert again.returncode == 0 and "3 holds" in again.stderr
    assert run("check", "--data", str(mini.root), "--today", "2026-11-30").returncode == 0


def test_bad_repo_argument_is_a_usage_error(mini: MiniKB, tmp_path: Path) -> None:
    assert run("pins", "verify", "--data", str(mini.root), "--repo", "no-equals").returncode == 2
    assert run("pins", "verify", "--data", str(mini.root), "--repo", f"a/b={tmp_path / 'missing'}").returncode == 2
    not_git = tmp_path / "plain"
    not_git.mkdir()
    done = run("pins", "verify", "--data", str(mini.root), "--repo", f"a/b={not_git}")
    assert done.returncode == 2 and "Traceback" not in done.stderr
