"""The driver that runs inside the sandbox: bring loopback up, start the services asked for (the HTTP probe,
the scripted model), run the recipe's steps one by one with their timeouts, stop everything, and write what
happened.

    python -m canimcp.harness.inside SPEC.json
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

TAIL = 4000


def _wait_port(port: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return True
        time.sleep(0.1)
    return False


def _stop(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=5)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


def _tail(path: Path) -> str:
    data = path.read_bytes() if path.exists() else b""
    return data[-TAIL:].decode(errors="replace")


def run_step(step: dict[str, Any], env: dict[str, str], cwd: str, logs: Path, index: int) -> dict[str, Any]:
    # output goes to files, not pipes: a daemon that inherits them must not keep the step open
    out_path, err_path = logs / f"step{index}.out", logs / f"step{index}.err"
    started = time.monotonic()
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        try:
            process = subprocess.Popen(
                step["argv"],
                env=env | step.get("env", {}),
                cwd=cwd,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                start_new_session=True,
            )
        except OSError as exc:
            return {"argv": step["argv"], "rc": None, "error": str(exc), "seconds": 0.0, "stdout": "", "stderr": ""}
        timed_out = False
        try:
            process.wait(timeout=step["timeout"])
        except subprocess.TimeoutExpired:
            timed_out = True
        _stop(process)  # the step, or whatever it left in its group
    return {
        "argv": step["argv"],
        "rc": process.returncode,
        "timed_out": timed_out,
        "seconds": round(time.monotonic() - started, 2),
        "stdout": _tail(out_path),
        "stderr": _tail(err_path),
    }


def main(spec_path: str) -> int:
    spec = json.loads(Path(spec_path).read_text())
    if spec.get("namespaced"):
        subprocess.run(["ip", "link", "set", "lo", "up"], check=False)
    env, cwd = spec["env"], spec["cwd"]
    results: dict[str, Any] = {"steps": [], "services": {}}
    services: list[tuple[subprocess.Popen[bytes], Any]] = []
    try:
        for name, service in (spec.get("services") or {}).items():
            log = open(Path(spec["results"]).with_suffix(f".{name}.log"), "wb")  # noqa: SIM115 - closed below
            process = subprocess.Popen(
                service["argv"], env=env, cwd=cwd, stdout=log, stderr=log, start_new_session=True
            )
            services.append((process, log))
            results["services"][name] = {"up": _wait_port(service["port"], 30)}
        logs = Path(spec["results"]).parent
        for index, step in enumerate(spec["steps"]):
            outcome = run_step(step, env, cwd, logs, index)
            results["steps"].append(outcome)
            if outcome["rc"] not in (0,) and not step.get("may_fail"):
                break
    finally:
        for process, log in services:
            _stop(process)
            log.close()
        Path(spec["results"]).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
