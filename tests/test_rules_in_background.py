"""The lint rules run in a forked process while `canimcp build` works out its pages: they find what they
find in this process, and if the child dies without answering they run here instead."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from canimcp.kb import check, read_kb

from minikb import MiniKB


@pytest.fixture
def broken(mini: MiniKB) -> MiniKB:
    mini.edit("research/alpha-roots.md", "  - alpha-elicitation", "  - no-such-note")
    return mini


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the rules run in a forked process")
def test_the_child_finds_what_the_rules_find_here(
    broken: MiniKB, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(check, "can_fork", lambda: True)  # other tests' server threads may still run
    result = read_kb(broken.root)
    ran_in = tmp_path / "pid"
    real = check._send_findings

    def send(*args: Any) -> None:
        ran_in.write_text(str(os.getpid()))
        real(*args)

    monkeypatch.setattr(check, "_send_findings", send)
    found = check.rules_in_background(result)()
    assert [f.code for f in found if f.severity == "error"] == ["KB005"]
    assert found == check.run_rules(result)
    assert int(ran_in.read_text()) != os.getpid(), "the findings came from a child process"


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the rules run in a forked process")
def test_a_child_that_dies_leaves_the_rules_to_this_process(broken: MiniKB, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(check, "can_fork", lambda: True)
    monkeypatch.setattr(check, "_send_findings", lambda *a: os._exit(3))
    result = read_kb(broken.root)
    found = check.rules_in_background(result)()
    assert [f.code for f in found if f.severity == "error"] == ["KB005"]
