"""`canimcp probe list` / `show`, and the probe app mounted inside another app (as `canimcp serve` will)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from mcp import Client
from mcp.client.sse import sse_client
from probe_support import CANIMCP, StdioProbe, free_port, initialize, runs
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Mount, Route

from canimcp.model import ProbeReport
from canimcp.probe.config import ProbeConfig
from canimcp.probe.http import create_app
from canimcp.store import open_store


def canimcp(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CANIMCP, *args], capture_output=True, text=True, timeout=60)


def record_two(db: str) -> list[str]:
    for name in ("first <b>", "second"):
        probe = StdioProbe(db, "--answer-timeout", "0.2")
        probe.send(initialize("2025-03-26", {"roots": {}}, {"name": name, "version": "9"}))
        probe.read()
        assert probe.close() == 0
    return [r.id for r in runs(db)]


def test_list_and_show(db: str) -> None:
    newest, oldest = record_two(db)
    listed = canimcp("probe", "list", "--db", db)
    assert listed.returncode == 0
    lines = listed.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [newest, oldest]
    assert "first <b> 9" in lines[1] and "2025-03-26" in lines[1]
    as_json = json.loads(canimcp("probe", "list", "--db", db, "--format", "json").stdout)
    assert [r["client"] for r in as_json] == ["second 9", "first <b> 9"]

    shown = canimcp("probe", "show", oldest[:-4], "--db", db, "--format", "json")  # a unique prefix
    report = ProbeReport.model_validate_json(shown.stdout)
    assert report.id == oldest and report.client_info == {"name": "first <b>", "version": "9"}
    assert report.features["roots"].declared is True
    text = canimcp("probe", "show", newest, "--db", db)
    assert "asked for 2025-03-26" in text.stdout and "transport.stdio" in text.stdout

    missing = canimcp("probe", "show", "nope", "--db", db)
    assert missing.returncode == 1 and "no run" in missing.stderr
    bad = canimcp("probe", "list", "--db", "mysql://x")
    assert bad.returncode == 2 and "unsupported" in bad.stderr


@pytest.fixture
def site_with_probe(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A host app with the probe mounted at /probe, served by uvicorn on loopback."""
    db = f"sqlite:///{tmp_path / 'mounted.sqlite3'}"
    host = Starlette(
        routes=[
            Route("/", lambda request: PlainTextResponse("the site")),
            # no scenarios pushed after `initialized`: this test is about the mount, and the SDK's SSE client
            # fails its own exit when a pushed request arrives while it closes (2 runs in 20 on a busy machine)
            Mount("/probe", app=create_app(open_store(db), ProbeConfig(answer_timeout=0.5, auto_scenarios=False))),
        ]
    )
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(host, host="127.0.0.1", port=port, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}", db
    finally:
        server.should_exit = True
        thread.join(10)


def test_mounted_beside_a_site(site_with_probe: tuple[str, str]) -> None:
    base, db = site_with_probe

    async def go() -> None:
        async with Client(base + "/probe/mcp", mode="legacy") as client:
            assert "echo" in [t.name for t in (await client.list_tools()).tools]
        async with Client(sse_client(base + "/probe/sse"), mode="legacy") as client:  # endpoint event says /probe/...
            assert (await client.call_tool("echo", {"text": "x"})).content[0].text == "x"  # type: ignore[union-attr]

    asyncio.run(go())
    assert sorted(r.transport for r in runs(db)) == ["sse", "streamable-http"]
