"""Cancelling in 2026-07-28 over Streamable HTTP: the revision makes closing a request's response stream the
cancellation, with no notifications/cancelled. The SDK clients' apps in clients/*_cancel_client.* give a slow call
up after a second and make one more call; the probe records the closed stream and judges it. A client that takes
its answers as plain JSON cancels the same way, by closing the connection the answer would come on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from probe_support import http_probe, node_bin, node_modules_2x, only_run, parsed

from canimcp.probe.transcript import META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION

CLIENTS = Path(__file__).parent / "clients"
App = Callable[[str], tuple[list[str], dict[str, str]]]


def python_app(url: str) -> tuple[list[str], dict[str, str]]:
    return [sys.executable, str(CLIENTS / "py_cancel_client.py"), url], dict(os.environ)


def typescript_app(url: str) -> tuple[list[str], dict[str, str]]:
    modules = node_modules_2x()
    if modules is None:
        pytest.skip("CANIMCP_TEST_NODE_MODULES_2X is not set (.ci/run installs @modelcontextprotocol/client 2.4.0)")
    return [node_bin(), str(CLIENTS / "ts_cancel_client.cjs"), url], {**os.environ, "NODE_PATH": str(modules)}


@pytest.mark.parametrize("app", [python_app, typescript_app], ids=["python-sdk", "typescript-sdk-2"])
def test_a_call_given_up_over_stateless_http_is_cancelled_by_closing_its_stream(db: str, app: App) -> None:
    with http_probe(db, "--answer-timeout", "1") as base:
        command, env = app(base + "/mcp")
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    said = {s["step"]: s["value"] for s in map(json.loads, done.stdout.splitlines())}
    assert said["protocol"] == "2026-07-28" and said["gave up"] and said["next call"] == ["after"]
    rep = only_run(db)
    assert rep.era == "stateless"
    sent = [m for m in parsed(rep, "in") if isinstance(m, dict)]
    assert not [m for m in sent if m.get("method") == "notifications/cancelled"]
    cancellation = rep.features["cancellation"]
    assert (cancellation.observed, cancellation.detail) == ("supported", {"closedStreams": 1})
    call, event = cancellation.evidence
    assert json.loads(rep.messages[call].raw)["params"]["name"] == "slow_task"
    closed = rep.messages[event]
    assert (closed.direction, closed.raw, closed.http) == ("in", "", {"closedBeforeAnswer": call})
    # the client went on: its next call came after the close, and was answered
    assert any(m.direction == "in" and '"echo"' in m.raw for m in rep.messages[event + 1 :])


def test_a_call_answered_as_json_is_cancelled_by_closing_its_connection(db: str) -> None:
    meta = {META_PROTOCOL_VERSION: "2026-07-28", META_CLIENT_INFO: {"name": "json-only", "version": "1"}}
    meta[META_CLIENT_CAPABILITIES] = {}

    def call(id_: int, name: str, arguments: dict[str, object]) -> dict[str, object]:
        params = {"name": name, "arguments": arguments, "_meta": meta}
        return {"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": params}

    headers = {"accept": "application/json", "mcp-protocol-version": "2026-07-28"}
    with http_probe(db, "--answer-timeout", "1") as base, httpx.Client(base_url=base, headers=headers) as client:
        with pytest.raises(httpx.ReadTimeout):  # httpx drops the connection of a response it gave up on
            client.post("/mcp", json=call(1, "slow_task", {"seconds": 20}), timeout=1)
        time.sleep(0.3)  # as the apps do: the next message plainly after the close
        echoed = client.post("/mcp", json=call(2, "echo", {"text": "after"}), timeout=10)
    assert echoed.headers["content-type"].startswith("application/json")
    assert echoed.json()["result"]["content"][0]["text"] == "after"
    rep = only_run(db)
    cancellation = rep.features["cancellation"]
    assert (rep.era, cancellation.observed, cancellation.detail) == ("stateless", "supported", {"closedStreams": 1})
    request, event = cancellation.evidence
    assert json.loads(rep.messages[request].raw)["params"]["name"] == "slow_task"
    assert (rep.messages[event].raw, rep.messages[event].http) == ("", {"closedBeforeAnswer": request})
