"""`canimcp serve` as the README runs it: the site, the knowledge base MCP server and the live probe on one port."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx

from loopback import free_port, wait_until_serving

SCRIPT = Path(__file__).resolve().parents[1] / "src" / "canimcp" / "harness" / "scripts" / "python_sdk_client.py"


def test_a_client_pointed_at_the_live_probe_is_recorded(tmp_path: Path) -> None:
    port, db = free_port(), f"sqlite:///{tmp_path / 'runs.sqlite3'}"
    server = subprocess.Popen(
        [sys.executable, "-m", "canimcp", "serve", "--port", str(port), "--db", db, "--out", str(tmp_path / "site")],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_serving(f"{base}/", server, seconds=120)  # it builds the whole site before it listens
        assert httpx.get(f"{base}/").status_code == 200
        assert httpx.get(f"{base}/research/codex-answers-roots-without-declaring-it").status_code == 200
        env = os.environ | {"CANIMCP_HOLD_SECONDS": "1"}
        done = subprocess.run([sys.executable, str(SCRIPT), "http", f"{base}/probe/mcp"], env=env, capture_output=True,
                              text=True, timeout=120)  # fmt: skip
        assert done.returncode == 0, done.stderr
        listed = subprocess.run([sys.executable, "-m", "canimcp", "probe", "list", "--db", db], capture_output=True,
                                text=True, timeout=60)  # fmt: skip
        assert "streamable-http" in listed.stdout and "mcp 0.1.0" in listed.stdout
    finally:
        server.terminate()
        server.wait(timeout=20)
