"""A client that never connects, hangs, or leaves a daemon: a clear result, no hang past the timeout,
and no process left behind."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from canimcp.harness.install import Installed
from canimcp.harness.recipe import Recipe, step
from canimcp.harness.run import run_mode
from canimcp.harness.sandbox import environment, isolation

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("unshare"), reason="needs root")


def fake(tmp_path: Path, *steps: str, timeout: float = 30) -> Installed:
    session = tuple(step(s, timeout=5) for s in steps)
    recipe = Recipe(id="fake", package="npm:fake", bin="sh", modes={"session": session}, timeout=timeout)
    return Installed(recipe, "1.0.0", tmp_path, "sh", [])


def alive(marker: str) -> bool:
    return subprocess.run(["pgrep", "-f", marker], capture_output=True).returncode == 0


def test_never_connects_hangs_and_leaves_a_daemon(tmp_path: Path) -> None:
    installed = fake(tmp_path, "sh -c 'setsid sleep 301.25 & exit 0'", "sleep 302.5")
    started = time.monotonic()
    result = run_mode(installed, "stdio", "session", isolation(False))
    assert time.monotonic() - started < 25  # the step's 5 s timeout, not the sleep
    assert not result.connected and result.reports == []
    assert result.steps[1]["timed_out"] is True
    time.sleep(0.5)
    assert not alive("sleep 301.25") and not alive("sleep 302.5")


def test_the_whole_run_has_a_hard_timeout(tmp_path: Path) -> None:
    installed = fake(tmp_path, "sleep 303.75", timeout=3)
    started = time.monotonic()
    result = run_mode(installed, "http", "session", isolation(False))
    assert time.monotonic() - started < 15
    assert result.error == "timed out after 3 s"
    time.sleep(0.5)
    assert not alive("sleep 303.75")


def test_only_loopback_and_a_scrubbed_environment(tmp_path: Path) -> None:
    os.environ["CANIMCP_SECRET_FOR_TEST"] = "leak"
    installed = fake(tmp_path, "sh -c 'env > $work/env.txt; ip -o link > $work/net.txt'")
    keep = tmp_path / "keep"
    run_mode(installed, "stdio", "session", isolation(False), keep=keep)
    env = (keep / "stdio-session" / "work" / "env.txt").read_text()
    assert "CANIMCP_SECRET_FOR_TEST" not in env and "HTTPS_PROXY=http://127.0.0.1:9" in env
    assert f"HOME={tmp_path}" not in env  # a fresh home, not the caller's
    links = [
        line.split(":")[1].strip() for line in (keep / "stdio-session" / "work" / "net.txt").read_text().splitlines()
    ]
    assert links == ["lo"]  # the namespace has loopback and nothing else: no route out


def test_environment_is_not_inherited(tmp_path: Path) -> None:
    env = environment(tmp_path, ["/opt/node/bin"], {"X": "1"})
    assert env["PATH"].startswith("/opt/node/bin:") and env["X"] == "1"
    assert "CANIMCP_CLIENT_CACHE" not in env and Path(env["HOME"]).is_dir()


def test_a_version_that_never_connects_after_one_that_did(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep compares each run with the client's previous version; a version with no connection has
    nothing to compare, and says "no connection" instead of failing with a traceback, with what the client printed
    (a status command may say why it connected to nothing), terminal control characters left out."""
    from rich.console import Console

    from canimcp.harness import sweep
    from canimcp.model import HarnessInfo, ProbeReport

    says = "sh -c 'echo probe: Not checked, folder not trusted; printf \"\\033[1mrun it here\\n\" >&2; exit 1'"
    recipe = Recipe(id="fake", package="npm:fake", bin="sh", modes={"session": (step(says, timeout=5),)})
    monkeypatch.setitem(sweep.RECIPES, "fake", recipe)
    monkeypatch.setattr(sweep, "resolve_version", lambda recipe, wanted: wanted)
    monkeypatch.setattr(
        sweep, "install", lambda recipe, version, agent=False: Installed(recipe, version, tmp_path, "sh", [])
    )
    earlier = ProbeReport(
        id="fake-1.0.0-stdio-session-0", started="2026-11-30T00:00:00Z", ended="2026-11-30T00:00:05Z",
        transport="stdio", era="handshake", protocolVersion="2025-11-25",
        clientInfo={"name": "fake", "version": "1.0.0"}, capabilities={}, features={},
        harness=HarnessInfo(client="fake", package="npm:fake", version="1.0.0", mode="session", recipe="fake"),
    )  # fmt: skip
    (tmp_path / "out" / "fake").mkdir(parents=True)
    (tmp_path / "out" / "fake" / f"{earlier.id}.json").write_text(earlier.model_dump_json(by_alias=True))
    db = f"sqlite:///{tmp_path / 'runs.sqlite3'}"
    with open(os.devnull, "w") as quiet:
        summary = sweep.run_targets(
            [("fake", "1.1.0")], ["stdio"], ["session"], tmp_path / "out", db, False, Console(file=quiet)
        )
    assert not summary.all_connected and summary.drift == []
    ((*row, verdict),) = summary.rows
    assert row == ["fake", "1.1.0", "stdio", "session", "0", "-", "-"] and verdict.startswith("no connection")
    assert summary.said == [
        "fake@1.1.0 stdio session, no connection; it printed: probe: Not checked, folder not trusted [1mrun it here"
    ]


def test_a_newer_python_is_found_on_path_or_in_pyenv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from canimcp.harness.install import InstallError, python_for

    # a pyenv install of the minor version asked for, behind a shim on PATH that cannot run it (as pyenv's do)
    real = tmp_path / "pyenv" / "versions" / "3.99.1" / "bin" / "python3.99"
    shim = tmp_path / "shims" / "python3.99"
    for path, body in ((real, f"echo {real}"), (shim, "echo 'pyenv: python3.99: command not found' >&2; exit 127")):
        path.parent.mkdir(parents=True)
        path.write_text(f"#!/bin/sh\n{body}\n")
        path.chmod(0o755)
    monkeypatch.setenv("PATH", f"{shim.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("PYENV_ROOT", str(tmp_path / "pyenv"))
    assert python_for("3.99") == str(real)
    with pytest.raises(InstallError, match=r"no Python 3\.98 here"):
        python_for("3.98")


def test_pins_are_installed_beside_the_client_in_an_install_of_their_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """AutoGen 0.7.5 imports only beside mcp 1.x: its recipe pins `mcp<2`. Here a small package and a pinned
    older release of another, from the registry: the pin is installed, and the install is not the unpinned one."""
    from canimcp.harness.install import install

    monkeypatch.setenv("CANIMCP_CLIENT_CACHE", str(tmp_path))
    plain = Recipe(id="six", package="pypi:six", bin="python", modes={"session": ()})
    pinned = Recipe(id="six", package="pypi:six", bin="python", modes={"session": ()}, pins=("idna<3",))
    with_pin, without = install(pinned, "1.16.0"), install(plain, "1.16.0")
    assert with_pin.folder != without.folder and with_pin.folder.name == "six@1.16.0+idna_3"

    def idna(installed: Installed) -> str:
        argv = [str(installed.folder / "bin" / "python"), "-c", "import idna; print(idna.__version__)"]
        done = subprocess.run(argv, capture_output=True, text=True)
        return done.stdout.strip() if done.returncode == 0 else "absent"

    assert idna(with_pin).split(".")[0] == "2" and idna(without) == "absent"
