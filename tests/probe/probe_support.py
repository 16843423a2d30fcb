"""Helpers for the probe's tests: run the probe as a user would (its CLI, in a subprocess), read its store."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from canimcp.model import ProbeReport
from canimcp.probe.report import build_report
from canimcp.store import MessageRow, open_store
from loopback import free_port, wait_until_serving

ROOT = Path(__file__).resolve().parents[2]
CANIMCP = [sys.executable, "-m", "canimcp"]


def run_async(coro: Any) -> Any:
    return asyncio.run(coro)


def runs(db: str) -> list[Any]:
    async def go() -> list[Any]:
        store = open_store(db)
        try:
            return list(await store.list_runs(1000))
        finally:
            await store.close()

    return list(run_async(go()))


def report(db: str, run_id: str) -> ProbeReport:
    async def go() -> Any:
        store = open_store(db)
        try:
            return await store.get_run(run_id)
        finally:
            await store.close()

    stored = run_async(go())
    assert stored is not None, f"no run {run_id} in {db}"
    return build_report(*stored)


def only_run(db: str, **match: Any) -> ProbeReport:
    found = [r for r in runs(db) if all(getattr(r, k) == v for k, v in match.items())]
    assert len(found) == 1, f"expected one run matching {match}, found {[r.id for r in found]}"
    return report(db, found[0].id)


def wait_ended(db: str, run_id: str, timeout: float = 10.0) -> ProbeReport:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rep = report(db, run_id)
        if rep.complete:
            return rep
        time.sleep(0.05)
    raise AssertionError(f"run {run_id} did not end within {timeout} s")


def observed(rep: ProbeReport) -> dict[str, str]:
    return {feature: result.observed for feature, result in rep.features.items()}


def assert_relisted(rep: ProbeReport, kinds: tuple[str, ...] = ("tools", "prompts", "resources")) -> None:
    """Each kind's list change was judged supported on a first listing, the notification, and a second listing."""
    for kind in kinds:
        result = rep.features[f"{kind}.listChanged"]
        assert result.observed == "supported", kind
        first, notified, again = (json.loads(rep.messages[i].raw) for i in result.evidence)
        methods = (first["method"], notified["method"], again["method"])
        assert methods == (f"{kind}/list", f"notifications/{kind}/list_changed", f"{kind}/list"), kind


def raw_in(rep: ProbeReport) -> list[str]:
    return [m.raw for m in rep.messages if m.direction == "in"]


def parsed(rep: ProbeReport, direction: str | None = None) -> list[Any]:
    out = []
    for message in rep.messages:
        if direction in (None, message.direction) and message.raw:
            try:
                out.append(json.loads(message.raw))
            except ValueError:
                out.append(None)
    return out


class StdioProbe:
    """`canimcp probe stdio` in a subprocess, spoken to line by line."""

    def __init__(self, db: str, *args: str) -> None:
        self.db = db
        self.proc = subprocess.Popen(
            [*CANIMCP, "probe", "stdio", "--db", db, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.written: list[bytes] = []  # every line sent, in order

    def send(self, line: bytes | str | dict[str, Any]) -> None:
        data = json.dumps(line).encode() if isinstance(line, dict) else line.encode() if isinstance(line, str) else line
        assert self.proc.stdin is not None
        self.written.append(data)
        self.proc.stdin.write(data + b"\n")
        self.proc.stdin.flush()

    def read(self) -> Any:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line, f"probe closed stdout; stderr: {self.stderr()}"
        return json.loads(line)

    def read_until(self, id_: Any) -> Any:
        """The response with id `id_`, answering the probe's own requests (scenarios) with errors meanwhile."""
        while True:
            msg = self.read()
            if not isinstance(msg, dict):
                continue  # an answer to a batch
            if "method" in msg and "id" in msg:
                self.send({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "no"}})
                continue
            if msg.get("id") == id_ and "method" not in msg:
                return msg

    def close(self, timeout: float = 20.0) -> int:
        assert self.proc.stdin is not None
        if not self.proc.stdin.closed:
            self.proc.stdin.close()
        return self.proc.wait(timeout)

    def stderr(self) -> str:
        if self.proc.poll() is None:
            return "(still running)"
        assert self.proc.stderr is not None
        return self.proc.stderr.read().decode(errors="replace")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)


def rows(*messages: tuple[str, Any, dict[str, Any] | None]) -> list[MessageRow]:
    """Stored messages for a transcript built by hand: (direction, message or raw bytes, meta), 0.1 s apart."""
    return [
        MessageRow(n, n / 10, direction, json.dumps(obj).encode() if not isinstance(obj, bytes) else obj, meta or {})
        for n, (direction, obj, meta) in enumerate(messages)
    ]


def initialize(
    version: str = "2025-11-25", caps: dict[str, Any] | None = None, info: Any = None, id_: Any = 1
) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": id_,
        "method": "initialize",
        "params": {
            "protocolVersion": version,
            "capabilities": caps if caps is not None else {},
            "clientInfo": info if info is not None else {"name": "raw-test", "version": "0"},
        },
    }


@contextmanager
def http_probe(db: str, *args: str) -> Iterator[str]:
    """`canimcp probe serve` on a free loopback port; yields its base URL."""
    port = free_port()
    proc = subprocess.Popen(
        [*CANIMCP, "probe", "serve", "--port", str(port), "--db", db, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(base + "/nothing", proc)
        yield base
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def node_bin() -> str:
    """node from the npm `node@22` package when installed (what the conformance suite needs), else the system's."""
    modules = node_modules()
    bundled = modules / ".bin" / "node" if modules else None
    return str(bundled) if bundled and bundled.exists() else shutil.which("node") or "node"


def node_modules_2x() -> Path | None:
    """@modelcontextprotocol/client 2.x, which `.ci/setup.d/20-probe.sh` installs apart from `node_modules()` (the
    TypeScript app scripts load 2.x whenever it resolves, and their tests are for 1.x)."""
    env = os.environ.get("CANIMCP_TEST_NODE_MODULES_2X")
    path = Path(env) if env else ROOT / ".ci" / "node2" / "node_modules"
    return path if (path / "@modelcontextprotocol" / "client").is_dir() and shutil.which("node") else None


def node_modules() -> Path | None:
    """The npm packages `.ci/setup.d/20-probe.sh` installs (the TypeScript SDK, the conformance suite)."""
    env = os.environ.get("CANIMCP_TEST_NODE_MODULES")
    path = Path(env) if env else ROOT / ".ci" / "node" / "node_modules"
    return path if (path / "@modelcontextprotocol" / "sdk").is_dir() and shutil.which("node") else None
