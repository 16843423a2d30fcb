"""`canimcp check` as a user runs it: the installed console script, its output and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

from minikb import MiniKB


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "canimcp", *args], capture_output=True, text=True, timeout=60)


def test_clean_knowledge_base_exits_0(mini: MiniKB) -> None:
    done = run("check", "--data", str(mini.root), "--today", "2026-11-30")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == ""
    assert "clean" in done.stderr


def test_errors_exit_1_with_path_line_code(mini: MiniKB) -> None:
    mini.edit("research/alpha-roots.md", "status: current", "status: sort-of")
    done = run("check", "--data", str(mini.root), "--today", "2026-11-30")
    assert done.returncode == 1
    line = MiniKB.line_of(mini.root / "research/alpha-roots.md", "status:")
    assert done.stdout.splitlines() == [
        f"{mini.root / 'research/alpha-roots.md'}:{line}: KB002: status: Input should be 'current', 'outdated', "
        f"'superseded', 'draft' or 'retracted' (got 'sort-of')"
    ]
    assert "Traceback" not in done.stderr


def test_warnings_only_exit_0_and_json_format(mini: MiniKB) -> None:
    done = run("check", "--data", str(mini.root), "--today", "2027-11-30", "--format", "json")
    assert done.returncode == 0, done.stdout + done.stderr
    findings = json.loads(done.stdout)
    assert {f["code"] for f in findings} == {"KB009"}
    assert set(findings[0]) == {"path", "line", "code", "severity", "message"}
    assert all(f["severity"] == "warning" for f in findings)


def test_usage_errors_exit_2(mini: MiniKB) -> None:
    assert run("check", "--format", "yaml").returncode == 2
    assert run("check", "--today", "yesterday").returncode == 2
    assert run("check", "--no-such-flag").returncode == 2


def test_missing_data_dir_is_a_finding_not_a_traceback(tmp_path) -> None:  # type: ignore[no-untyped-def]
    done = run("check", "--data", str(tmp_path / "nope"), "--today", "2026-11-30")
    assert done.returncode in (1, 2)
    assert "Traceback" not in done.stdout + done.stderr


def test_list_rules_names_every_code() -> None:
    from canimcp.kb import RULES

    done = run("check", "--list-rules")
    assert done.returncode == 0
    for registered in RULES:
        assert registered.rule.code in done.stdout
