"""The official SDK clients (and fastmcp's) as apps that use their optional calls
(tests/probe/clients/*_app_client.*): resource templates, completion, progress, giving up on a call, logging and a
resource subscription, in each era the client speaks. These scripts made the `…-app-…` reports in data/probes that
the clients' hand statements cite."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from probe_support import node_bin, node_modules, only_run

from canimcp.model import ProbeReport

CLIENTS = Path(__file__).parent / "clients"
APP_FEATURES = ("resources.templates", "completions", "progress", "cancellation", "logging", "resources.subscribe")


def probe(db: str, era: str) -> list[str]:
    return [sys.executable, "-m", "canimcp", "probe", "stdio", "--db", db, "--era", era, "--answer-timeout", "2"]


def steps(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert done.returncode == 0, done.stderr
    return {s["step"]: s["value"] for s in map(json.loads, done.stdout.splitlines()) if isinstance(s, dict)}


def sent(rep: ProbeReport, index: int) -> dict[str, Any]:
    return json.loads(rep.messages[index].raw)


def assert_app_calls_judged(rep: ProbeReport, said: dict[str, Any]) -> None:
    """Every optional call the app made is judged supported, on the messages that show it."""
    assert {f: rep.features[f].observed for f in APP_FEATURES} == dict.fromkeys(APP_FEATURES, "supported")
    assert said["template read"] == ["Item 42."] and said["completion"] == ["capabilities", "cancellation"]
    assert said["progress"] and said["read after update"] == ["Hello from canimcp's probe."]
    assert said["gave up"]  # the call timed out in the app (the SDK's error text differs by language)
    cancelled = [sent(rep, i) for i in rep.features["cancellation"].evidence]
    notes = [m for m in cancelled if m.get("method") == "notifications/cancelled"]
    named = {m["id"]: m for m in cancelled if "id" in m}  # in 2026-07-28 closing the listen stream cancels it too
    given_up = [named[n["params"]["requestId"]] for n in notes]
    assert ("slow_task", {"seconds": 20}) in [(m["params"].get("name"), m["params"].get("arguments")) for m in given_up]
    assert rep.features["resources.subscribe"].detail == {"readAfterUpdate": True}
    reread = sent(rep, rep.features["resources.subscribe"].evidence[-1])  # that resource, not the template's item
    assert (reread["method"], reread["params"]["uri"]) == ("resources/read", "probe://static/hello")
    first = sent(rep, rep.features["completions"].evidence[0])
    assert first["params"]["ref"] == {"type": "ref/prompt", "name": "probe_prompt"}


@pytest.mark.parametrize("era", ["handshake", "both"])
def test_python_sdk_app_uses_the_optional_calls(db: str, era: str) -> None:
    """Handshake eras: logging/setLevel and resources/subscribe; 2026-07-28: the `_meta` log level that
    `Client(log_level=...)` stamps on every request, and a subscriptions/listen stream naming the resource."""
    done = subprocess.run(
        [sys.executable, str(CLIENTS / "py_app_client.py"), *probe(db, era)], capture_output=True, text=True, timeout=90
    )
    said = steps(done)
    rep = only_run(db)
    assert said["protocol"] == ("2025-11-25" if era == "handshake" else "2026-07-28") == rep.negotiated_version
    assert_app_calls_judged(rep, said)
    logging = [sent(rep, i) for i in rep.features["logging"].evidence]
    subscribed = [sent(rep, i) for i in rep.features["resources.subscribe"].evidence]
    if era == "handshake":
        assert logging[0] == {"jsonrpc": "2.0", "id": logging[0]["id"], "method": "logging/setLevel",
                              "params": {"level": "info"}}  # fmt: skip
        assert subscribed[0]["method"] == "resources/subscribe"
    else:
        assert all(m["params"]["_meta"]["io.modelcontextprotocol/logLevel"] == "info" for m in logging)
        assert subscribed[0]["method"] == "subscriptions/listen"
        assert subscribed[0]["params"]["notifications"]["resourceSubscriptions"] == ["probe://static/hello"]


@pytest.mark.skipif(node_modules() is None, reason="npm packages not installed (.ci/setup.d/20-probe.sh)")
def test_typescript_sdk_app_uses_the_optional_calls(db: str) -> None:
    """The 1.x SDK speaks the handshake eras only: setLoggingLevel, subscribeResource, onprogress, a timeout."""
    env = {**os.environ, "NODE_PATH": str(node_modules())}
    command = [node_bin(), str(CLIENTS / "ts_app_client.cjs"), *probe(db, "both")]
    said = steps(subprocess.run(command, env=env, capture_output=True, text=True, timeout=90))
    rep = only_run(db)
    assert rep.negotiated_version == "2025-11-25" and said["subscribed"] == "resources/subscribe"
    assert said["log"] == "probe log"  # the probe's log message reached the app's handler after setLevel
    assert_app_calls_judged(rep, said)
    assert sent(rep, rep.features["logging"].evidence[0])["method"] == "logging/setLevel"


@pytest.mark.parametrize("era", ["handshake", "both"])
def test_fastmcp_app_uses_the_optional_calls(db: str, era: str) -> None:
    """fastmcp's Client: templates, completion, and a call given up on through its `timeout`."""
    command = [sys.executable, str(CLIENTS / "fastmcp_app_client.py"), *probe(db, era)]
    said = steps(subprocess.run(command, capture_output=True, text=True, timeout=90))
    rep = only_run(db)
    assert said["protocol"] == ("2025-11-25" if era == "handshake" else "2026-07-28") == rep.negotiated_version
    assert said["template read"] == ["Item 42."] and said["completion"] == ["capabilities", "cancellation"]
    judged = {f: rep.features[f].observed for f in ("resources.templates", "completions", "cancellation")}
    assert judged == dict.fromkeys(judged, "supported")
    note, call = (sent(rep, i) for i in sorted(rep.features["cancellation"].evidence, reverse=True)[:2])
    assert note["params"]["requestId"] == call["id"] and call["params"]["name"] == "slow_task"


def test_every_app_report_names_the_app_that_made_it_and_backs_a_statement() -> None:
    """The `-app-`, `-tasks-`, `-skills-`, `-url-gate-` and `-cancel-` reports in data/probes are evidence for hand
    statements: each was made over stdio (or by an app through a proxy, or over HTTP for a Ctrl+C) by a script kept
    beside these tests (`<client>_app_client.*`, `<client>_tasks_client.*`, `<client>_skills_client.*`,
    `<client>_url_gate_client.*`, `<client>_cancel_client.*`; the SDKs' are `py_`/`ts_`), and each is cited by a
    statement."""
    from canimcp import load_kb

    kb = load_kb()
    kinds = {"-app-": "_app_client", "-tasks-": "_tasks_client", "-skills-": "_skills_client",
             "-url-gate-": "_url_gate_client", "-cancel-": "_cancel_client"}  # fmt: skip
    apps = {i: r for i, r in kb.probes.items() if any(k in i for k in kinds)}
    assert {i.split("-stdio-")[0] for i in apps} >= {"python-sdk-2.3.0", "typescript-sdk-2.4.0", "fastmcp-4.2.3"}
    assert "typescript-sdk-1.32.2-stdio-tasks-0" in apps and "typescript-sdk-2.4.0-stdio-skills-0" in apps
    cited = {
        e.probe
        for support in kb.support.values()
        for statements in support.support.values()
        for s in statements
        for e in s.evidence
        if e.probe
    }
    named = {"python-sdk": "py", "typescript-sdk": "ts"}
    for report_id, rep in apps.items():
        client = next(c for c in sorted(kb.clients, key=len, reverse=True) if report_id.startswith(c + "-"))
        kind = next(suffix for k, suffix in kinds.items() if k in report_id)
        stem = named.get(client, client.replace("-", "_")) + kind
        assert list(CLIENTS.glob(stem + ".*")), f"{report_id}: no script {stem}.* in {CLIENTS}"
        # made by hand, not by the harness; over stdio, but for a proxy (mcp-remote, mcp-proxy, MCP Proxy for AWS),
        # which the app spawns over stdio and which reaches the probe over HTTP
        proxied = " (via " in str((rep.client_info or {}).get("name") or "")
        # mcp-proxy and MCP Proxy for AWS name no app: the probe sees the SDK's default name
        proxied = proxied or client in ("mcp-proxy", "mcp-proxy-for-aws")
        proxied = proxied or client == "supergateway"  # supergateway passes the app's clientInfo on unchanged
        # a `-cancel-` run presses Ctrl+C in the client's terminal: over HTTP the probe is out of its reach
        over_http = "-cancel-" in report_id and rep.transport == "streamable-http"
        # an app run over the legacy SSE transport says so in its id (Griptape's SSE read timeout is SSE's alone)
        over_sse = "-sse-app-" in report_id and rep.transport == "sse"
        assert rep.harness is None and (rep.transport == "stdio" or proxied or over_http or over_sse), report_id
        assert "-handshake-" not in report_id or rep.era == "handshake", report_id
        assert report_id in cited, f"{report_id} backs no statement"
