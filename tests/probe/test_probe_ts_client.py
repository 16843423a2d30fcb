"""The official TypeScript SDK client (`@modelcontextprotocol/sdk`, installed by .ci/setup.d/20-probe.sh) against
the probe on stdio, Streamable HTTP and HTTP+SSE, through the few-line app in clients/ts_client.cjs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from probe_support import assert_relisted, http_probe, node_bin, node_modules, only_run, wait_ended

from canimcp.model import ProbeReport

SCRIPT = Path(__file__).parent / "clients" / "ts_client.cjs"
TS_CAPS = {"roots": {"listChanged": True}, "sampling": {}, "elicitation": {}}
TS_INFO = {"name": "canimcp-ts-test", "version": "1.0.0"}
FAST = ["--answer-timeout", "1"]

pytestmark = pytest.mark.skipif(node_modules() is None, reason="npm packages not installed (.ci/setup.d/20-probe.sh)")


def run_client(*args: str) -> list[dict[str, Any]]:
    env = {**os.environ, "NODE_PATH": str(node_modules())}
    done = subprocess.run([node_bin(), str(SCRIPT), *args], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    steps = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    http = args[0] == "http"
    assert [s["step"] for s in steps] == ["server", "tools", "scenarios", "echo", *(["dropped"] if http else [])]
    assert steps[0]["value"]["name"] == "canimcp-probe" and steps[3]["value"] == "hi"
    return steps


def assert_ts(rep: ProbeReport) -> None:
    assert (rep.era, rep.protocol_version, rep.negotiated_version) == ("handshake", "2025-11-25", "2025-11-25")
    assert rep.capabilities == TS_CAPS and rep.client_info == TS_INFO
    seen = {k: v.observed for k, v in rep.features.items()}
    for feature in ("ping", "roots", "sampling", "elicitation", "elicitation.form"):
        assert seen[feature] == "supported", feature
    # `elicitation: {}` counts as form support; url mode is not declared and the SDK refuses it with an error
    assert rep.features["elicitation.form"].declared is True
    url = rep.features["elicitation.url"]
    assert (seen["elicitation.url"], (url.detail or {}).get("outcome")) == ("unsupported", "error")
    assert seen["tools.listChanged"] == "unsupported"


def test_ts_stdio(db: str) -> None:
    run_client("stdio", sys.executable, "-m", "canimcp", "probe", "stdio", "--db", db, *FAST)
    rep = only_run(db)
    assert rep.transport == "stdio"
    assert_ts(rep)


def test_ts_streamable_http(db: str) -> None:
    with http_probe(db, *FAST) as base:
        steps = run_client("http", base + "/mcp")
        rep = wait_ended(db, only_run(db).id)
    assert_ts(rep)
    seen = {k: v.observed for k, v in rep.features.items()}
    for feature in ("get-stream", "delete", "protocol-version-header", "resumption"):
        assert seen[f"transport.streamable-http.{feature}"] == "supported", feature
    # the probe cut the dropped_stream call's answer after priming it; the SDK came back for it with a GET
    assert steps[4]["value"].startswith("Resumed:")
    assert rep.features["transport.streamable-http.resumption"].detail == {"cut": 1, "resumed": 1}
    # the TS SDK's initialize POST has no jsonrpc-first key order: the raw text is kept as sent
    assert rep.messages[0].raw.startswith('{"method":"initialize"')


def test_ts_legacy_sse(db: str) -> None:
    with http_probe(db, *FAST) as base:
        run_client("sse", base + "/sse")
        rep = wait_ended(db, only_run(db).id)
    assert rep.transport == "sse"
    assert_ts(rep)


def test_ts_does_not_start_over_after_404(db: str) -> None:
    env = {**os.environ, "NODE_PATH": str(node_modules())}
    with http_probe(db, *FAST, "--expire-after", "3") as base:
        done = subprocess.run(
            [node_bin(), str(SCRIPT), "http", base + "/mcp"], env=env, capture_output=True, text=True, timeout=120
        )
        rep = only_run(db)
    assert done.returncode != 0 and "404" in done.stderr  # the app sees the error; the SDK does not recover
    initializes = [m for m in rep.messages if m.direction == "in" and '"method":"initialize"' in m.raw]
    assert len(initializes) == 1
    assert rep.features["transport.streamable-http.session-expiry"].observed == "unsupported"


def test_ts_oauth_against_auth(db: str) -> None:
    """The SDK's OAuth client provider (clients/ts_auth_client.cjs) through the probe's --auth flow."""
    env = {**os.environ, "NODE_PATH": str(node_modules())}
    script = Path(__file__).parent / "clients" / "ts_auth_client.cjs"
    with http_probe(db, "--auth", *FAST) as base:
        done = subprocess.run([node_bin(), str(script), base + "/mcp"], env=env, capture_output=True, text=True,
                              timeout=120)  # fmt: skip
        rep = wait_ended(db, only_run(db).id)  # refused, authorized, then DELETE: one run
    assert done.returncode == 0, done.stderr
    steps = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert [s["step"] for s in steps] == ["unauthorized", "tools"] and "echo" in steps[1]["value"]
    seen = {k: v.observed for k, v in rep.features.items() if k.startswith("auth.")}
    assert seen == {
        "auth.oauth": "supported",
        "auth.protected-resource-metadata": "supported",
        "auth.dcr": "supported",
        "auth.client-id-metadata": "unsupported",
        "auth.resource-indicators": "supported",
    }
    assert rep.client_info == {"name": "canimcp-ts-auth-test", "version": "1.0.0"}


LIST_CHANGED_SCRIPT = Path(__file__).parent / "clients" / "ts_list_changed_client.cjs"


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_ts_client_with_its_list_changed_option_lists_again(db: str, transport: str) -> None:
    """Without the option the SDK client never lists again (above); with it, each change is fetched again."""

    def run(*args: str) -> list[dict[str, Any]]:
        env = {**os.environ, "NODE_PATH": str(node_modules())}
        command = [node_bin(), str(LIST_CHANGED_SCRIPT), *args]
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]

    # the SDK waits 300 ms before it lists again: a window of 3 s leaves room on a busy machine, and costs
    # nothing while the client lists again in it
    window = ["--answer-timeout", "3"]
    if transport == "stdio":
        steps = run("stdio", sys.executable, "-m", "canimcp", "probe", "stdio", "--db", db, *window)
        rep = only_run(db)
    else:
        with http_probe(db, *window) as base:
            steps = run("http", base + "/mcp")
            rep = wait_ended(db, only_run(db).id)
    changed = {s["value"]["kind"]: s["value"] for s in steps if s["step"] == "changed"}
    assert set(changed) == {"tools", "prompts", "resources"} and steps[-1] == {"step": "pending", "value": []}
    assert "run_scenarios" in changed["tools"]["names"] and changed["tools"]["error"] is None
    assert_relisted(rep)


def test_ts_resuming_an_answered_stream_leaves_one_get_stream(db: str) -> None:
    """clients/ts_error_stream_client.cjs: SDK 1.x counts only a result as a call's answer, so after a call answered
    with an error on its SSE stream it comes back for that stream with a GET (Last-Event-ID: post-…:1) beside its
    open GET stream. The probe cannot resume it and refuses that GET (409, as the SDK's own server refuses a second
    GET stream) instead of swapping it in for the open one: swapped, the SDK reopened each stream the other closed,
    four GETs a second for as long as the session lasted. After one retry the SDK gives up on the refused one;
    the GET stream it opened first stays open and carries the probe's messages."""
    script = Path(__file__).parent / "clients" / "ts_error_stream_client.cjs"
    env = {**os.environ, "NODE_PATH": str(node_modules())}
    with http_probe(db, *FAST) as base:
        command = [node_bin(), str(script), base + "/mcp", "3000"]
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
        rep = wait_ended(db, only_run(db).id)
    assert done.returncode == 0, done.stdout + done.stderr
    steps = {s["step"]: s["value"] for s in map(json.loads, done.stdout.splitlines()) if s["step"] != "transport error"}
    assert steps["dropped"].startswith("Resumed:") and steps["error"] == -32602
    gets = [m for m in rep.messages if m.direction == "in" and (m.http or {}).get("method") == "GET"]
    resuming = [(m.headers or {}).get("last-event-id", "") for m in gets]
    assert len([r for r in resuming if not r]) == 1, resuming  # the one GET stream, never reopened
    assert len(gets) <= 5, resuming  # that, the dropped_stream resume, the answered stream's try and retry
    refused = [m.http for m in rep.messages if m.direction == "out" and (m.http or {}).get("status") == 409]
    errored = next(r for r in resuming if r.startswith("post-") and r.endswith(":1"))
    assert refused and all(r == {"status": 409, "method": "GET", "unresumable": errored} for r in refused)
    assert not any(m.undelivered for m in rep.messages)
    assert rep.features["transport.streamable-http.get-stream"].observed == "supported"
