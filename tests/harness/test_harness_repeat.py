"""`probe run --like`: which runs of an earlier release are repeated, and that running again adds reports without
replacing any. Read from the bundled reports, which the harness made."""

from __future__ import annotations

import json
import platform
import subprocess
import sys
from pathlib import Path

import pytest

from canimcp.harness.drift import load_reports
from canimcp.harness.install import missing_platform_package
from canimcp.harness.repeat import plans_like
from canimcp.harness.run import ModeRun, ProbeSetup, write_reports
from canimcp.kb.loader import bundled_data_dir
from canimcp.model import ProbeReport

PROBES = bundled_data_dir() / "probes"


def test_every_setup_of_the_earlier_release_is_planned_once_with_its_transports() -> None:
    repeat = plans_like(load_reports(PROBES / "kilo"), "kilo", "7.7.7")
    planned = {(p.setup, p.mode): p.transports for p in repeat.plans}
    handshake = ProbeSetup(eras="handshake")
    assert planned == {
        (ProbeSetup(), "health"): ("stdio", "http", "sse"),
        (ProbeSetup(), "session"): ("stdio", "http", "sse"),
        (ProbeSetup(auth=True), "health"): ("http",),
        (handshake, "session"): ("stdio", "http"),  # two connections each in 7.7.7: one run
        (ProbeSetup(eras="handshake", expire_after=2), "health"): ("http",),
        (ProbeSetup(eras="handshake", expire_after=2), "session"): ("http",),
    }
    assert repeat.by_hand == []
    assert str(next(p for p in repeat.plans if p.setup == handshake)) == "stdio, http, handshake era only session"


def test_runs_made_by_hand_are_named_and_not_planned() -> None:
    reports = load_reports(PROBES / "pydantic-ai")
    repeat = plans_like(reports, "pydantic-ai", "2.68.0")
    hand = [r.id for r in reports if r.harness is None and r.id.startswith("pydantic-ai-2.68.0-")]
    assert hand and repeat.by_hand == sorted(hand)
    assert any(p.setup.agent for p in repeat.plans) and any(not p.setup.agent for p in repeat.plans)
    # the runs of other versions are not mixed in: 1.90.0 had stdio and http sessions only
    (older,) = plans_like(reports, "pydantic-ai", "1.90.0").plans
    assert older.transports == ("stdio", "http") and older.setup == ProbeSetup()


def test_a_run_whose_tool_asked_for_no_input_is_a_setup_of_its_own() -> None:
    repeat = plans_like(load_reports(PROBES / "copilot-cli"), "copilot-cli", "1.0.102")
    quiet = ProbeSetup(eras="stateless", input_requests=False)
    (plan,) = [p for p in repeat.plans if p.setup == quiet]
    assert (plan.mode, plan.transports) == ("session", ("http",))
    assert str(plan) == "http, stateless era only, no input requests session"
    assert quiet.label == "-stateless-no-input" and ProbeSetup().label == ""


def test_a_version_without_runs_names_the_versions_that_have_some() -> None:
    with pytest.raises(LookupError, match=r"no harness runs of kilo 9\.9\.9 .*versions with runs: 7\.7\.7"):
        plans_like(load_reports(PROBES / "kilo"), "kilo", "9.9.9")


def test_running_again_adds_reports_and_replaces_none(tmp_path: Path) -> None:
    stored = json.loads((PROBES / "kilo" / "kilo-7.7.7-stdio-handshake-session-0.json").read_text())

    def run_of(ids: list[str]) -> ModeRun:
        reports = [ProbeReport.model_validate(stored | {"id": i}) for i in ids]
        return ModeRun("stdio", "session", reports)

    ids = ["kilo-7.7.7-stdio-handshake-session-0", "kilo-7.7.7-stdio-handshake-session-1"]
    write_reports([run_of(ids)], tmp_path, "kilo")
    before = {p.name: p.read_bytes() for p in (tmp_path / "kilo").iterdir()}
    again = run_of(ids)
    written = write_reports([again], tmp_path, "kilo")
    assert [p.name for p in written] == [
        "kilo-7.7.7-stdio-handshake-session-2.json",
        "kilo-7.7.7-stdio-handshake-session-3.json",
    ]
    assert [r.id for r in again.reports] == [p.stem for p in written]  # the ids follow their files
    assert all((tmp_path / "kilo" / name).read_bytes() == data for name, data in before.items())
    assert json.loads(written[1].read_text())["id"] == "kilo-7.7.7-stdio-handshake-session-3"


def _package(root: Path, name: str, optional: dict[str, str] | None = None) -> Path:
    folder = root / "node_modules" / name
    folder.mkdir(parents=True)
    meta = {"name": name, "version": "1.0.0"} | ({"optionalDependencies": optional} if optional else {})
    (folder / "package.json").write_text(json.dumps(meta))
    return folder


def test_a_platform_binary_the_registry_lacks_is_named(tmp_path: Path) -> None:
    here = {"x86_64": "x64", "aarch64": "arm64"}.get(platform.machine(), platform.machine())
    ours, other = f"@acme/cli-{sys.platform}-{here}", "@acme/cli-win32-x64"
    wrapper = _package(tmp_path, "@acme/cli", {ours: "1.0.0", other: "1.0.0"})
    assert missing_platform_package(wrapper) == f"{ours}@1.0.0"
    _package(tmp_path, ours)  # npm put it beside the wrapper; the one for Windows may stay missing
    assert missing_platform_package(wrapper) is None
    plain = _package(tmp_path / "b", "cline", {f"@cline/cli-{sys.platform}-{here}": "3.0.0"})
    nested = plain / "node_modules" / f"@cline/cli-{sys.platform}-{here}"
    assert missing_platform_package(plain) is not None
    nested.mkdir(parents=True)
    (nested / "package.json").write_text("{}")
    assert missing_platform_package(plain) is None  # installed inside the package, as npm does when versions clash


def _probe_run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "canimcp", "probe", "run", *args], capture_output=True, text=True,
                          timeout=120)  # fmt: skip


def test_like_takes_no_setup_of_its_own_and_needs_runs_of_that_version(tmp_path: Path) -> None:
    done = _probe_run("kilo", "--like", "7.7.7", "--transport", "stdio", "--agent", "--out", str(PROBES))
    assert done.returncode == 2
    assert done.stderr == "error: --like repeats the setups of the earlier runs; it takes no --transport, --agent\n"
    done = _probe_run("kilo", "--like", "7.0.0", "--out", str(PROBES))
    assert done.returncode == 2
    assert done.stderr.startswith("error: no harness runs of kilo 7.0.0 to repeat (versions with runs: ")
    assert "7.7.7" in done.stderr.splitlines()[0]
    done = _probe_run("kilo", "--like", "7.7.7", "--out", str(tmp_path))
    assert done.returncode == 2 and "versions with runs: none" in done.stderr
    assert not (tmp_path / "kilo").exists()
