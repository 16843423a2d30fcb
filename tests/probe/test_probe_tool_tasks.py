"""Tool calls run as tasks (tools.tasks, 2025-11-25): transcripts built by hand, the probe's answers on the wire, the
official Python SDK client (which has no tasks) and the TypeScript SDK 1.x client's experimental task API."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from probe_support import StdioProbe, http_probe, initialize, node_bin, node_modules, only_run, rows

from canimcp.probe.fixtures import TASK_TOOL, server_capabilities, tools
from canimcp.probe.report import assess
from canimcp.probe.scenarios.tool_tasks import NO_RESULT, NOT_SENT, PLAIN_CALL

FEATURE = "tools.tasks"
TASK = {"taskId": "t1", "status": "working", "createdAt": "x", "lastUpdatedAt": "x", "ttl": 1, "pollInterval": 1}


def request(id_: int, method: str, params: dict[str, Any]) -> tuple[str, Any, None]:
    return "in", {"jsonrpc": "2.0", "id": id_, "method": method, "params": params}, None


def answer(id_: int, body: dict[str, Any]) -> tuple[str, Any, None]:
    return "out", {"jsonrpc": "2.0", "id": id_, **body}, None


def judged(*messages: tuple[str, Any, None], version: str = "2025-11-25") -> Any:
    opened = (
        request(0, "initialize", initialize(version)["params"]),
        answer(0, {"result": {"protocolVersion": version}}),
    )
    return assess(rows(*opened, *messages), "stdio")[FEATURE]


def test_the_task_tool_and_capability_are_offered_at_2025_11_25_only() -> None:
    for version, offered in (("2025-06-18", False), ("2025-11-25", True), ("2026-07-28", False)):
        listed = {tool["name"]: tool for tool in tools(version, ui=False, conformance=False)}
        assert (TASK_TOOL in listed) is offered
        assert ("tasks" in server_capabilities(version)) is offered
    assert listed_at("2025-11-25")["execution"] == {"taskSupport": "required"}
    assert server_capabilities("2025-11-25")["tasks"] == {"requests": {"tools": {"call": {}}}}


def listed_at(version: str) -> dict[str, Any]:
    return next(tool for tool in tools(version, ui=False, conformance=False) if tool["name"] == TASK_TOOL)


def test_a_task_whose_result_is_fetched_is_supported() -> None:
    result = judged(
        request(1, "tools/call", {"name": TASK_TOOL, "arguments": {}, "task": {"ttl": 1000}}),
        answer(1, {"result": {"task": TASK}}),
        request(2, "tasks/get", {"taskId": "t1"}),
        answer(2, {"result": {**TASK, "status": "completed"}}),
        request(3, "tasks/result", {"taskId": "t1"}),
        answer(3, {"result": {"content": [{"type": "text", "text": "done"}]}}),
    )
    assert (result.observed, result.evidence) == ("supported", [2, 4, 6])
    assert result.detail == {"calls": 1, "asTask": 1, "polls": 1, "resultFetched": True}


def test_a_plain_call_or_a_result_never_fetched_is_unsupported() -> None:
    plain = judged(
        request(1, "tools/call", {"name": TASK_TOOL, "arguments": {}}),
        answer(1, {"error": {"code": -32601, "message": "must be a task"}}),
    )
    assert (plain.observed, plain.detail["outcome"], plain.evidence) == ("unsupported", PLAIN_CALL, [2])
    # a tasks/result for some other task does not count
    left = judged(
        request(1, "tools/call", {"name": TASK_TOOL, "arguments": {}, "task": {}}),
        answer(1, {"result": {"task": TASK}}),
        request(2, "tasks/result", {"taskId": "other"}),
        answer(2, {"error": {"code": -32602, "message": "Task not found"}}),
    )
    assert (left.observed, left.detail["outcome"], left.detail["polls"]) == ("unsupported", NO_RESULT, 0)


def test_a_call_the_model_made_that_never_came_is_unsupported() -> None:
    """The harness's scripted model reports `called:task_tool` after calling it; an SDK that refuses a plain call of
    such a tool itself sends nothing, so that report alone shows the call was made and refused."""
    listing = (request(1, "tools/list", {}), answer(1, {"result": {"tools": [{"name": TASK_TOOL}]}}))
    said = request(2, "tools/call", {"name": "report_nonce", "arguments": {"nonce": f"called:{TASK_TOOL}"}})
    result = judged(*listing, said)
    assert (result.observed, result.detail, result.evidence) == ("unsupported", {"outcome": NOT_SENT}, [3, 4])
    other = request(2, "tools/call", {"name": "report_nonce", "arguments": {"nonce": "called:show_view"}})
    assert judged(*listing, other).observed == "not-exercised"
    # a client that opens a connection per call reports on one that listed nothing; its call may have gone on another
    assert judged(said).observed == "not-exercised"


def test_nothing_is_judged_without_a_call_or_before_2025_11_25() -> None:
    assert judged().observed == "not-exercised"
    call = request(1, "tools/call", {"name": TASK_TOOL, "arguments": {}})
    assert judged(call, version="2025-06-18").observed == "not-exercised"


def test_the_probe_runs_a_task_and_refuses_a_plain_call(db: str) -> None:
    probe = StdioProbe(db, "--answer-timeout", "0.5", "--era", "handshake")
    probe.send(initialize("2025-11-25"))
    assert probe.read()["result"]["capabilities"]["tasks"] == {"requests": {"tools": {"call": {}}}}
    probe.send({"jsonrpc": "2.0", "id": "plain", "method": "tools/call", "params": {"name": TASK_TOOL}})
    assert read_answer(probe, "plain")["error"]["code"] == -32601
    probe.send({"jsonrpc": "2.0", "id": "t", "method": "tools/call", "params": {"name": TASK_TOOL, "task": {"ttl": 5}}})
    task = read_answer(probe, "t")["result"]["task"]
    assert (task["status"], task["ttl"]) == ("working", 5)
    probe.send({"jsonrpc": "2.0", "id": "r", "method": "tasks/result", "params": {"taskId": task["taskId"]}})
    fetched = read_answer(probe, "r")["result"]  # waits for the task to end
    assert fetched["_meta"]["io.modelcontextprotocol/related-task"] == {"taskId": task["taskId"]}
    probe.send({"jsonrpc": "2.0", "id": "g", "method": "tasks/get", "params": {"taskId": task["taskId"]}})
    assert read_answer(probe, "g")["result"]["status"] == "completed"
    probe.send({"jsonrpc": "2.0", "id": "n", "method": "tasks/get", "params": {"taskId": "nope"}})
    assert read_answer(probe, "n")["error"]["code"] == -32602
    probe.close()
    assert only_run(db).features[FEATURE].observed == "supported"


def read_answer(probe: StdioProbe, id_: str) -> dict[str, Any]:
    """The probe's answer to request `id_`, past the requests and notifications it sends meanwhile (left unanswered)."""
    while True:
        msg = probe.read()
        if isinstance(msg, dict) and msg.get("id") == id_ and "method" not in msg:
            return msg


def test_the_python_sdk_client_calls_the_tool_without_a_task(db: str) -> None:
    """mcp 2.3.0's client has no tasks: a plain call_tool, which the probe refuses as the spec says."""
    from mcp import Client
    from mcp.shared.exceptions import MCPError

    async def go(url: str) -> None:
        async with Client(url, mode="legacy") as client:
            listed = {tool.name: tool for tool in (await client.list_tools()).tools}
            assert listed[TASK_TOOL].execution is not None
            with pytest.raises(MCPError):
                await client.call_tool(TASK_TOOL, {})

    with http_probe(db, "--answer-timeout", "1", "--era", "handshake") as base:
        asyncio.run(go(base + "/mcp"))
    result = only_run(db).features[FEATURE]
    assert (result.observed, result.detail["outcome"]) == ("unsupported", PLAIN_CALL)


def test_the_typescript_sdk_runs_the_tool_as_a_task_through_its_experimental_api(db: str) -> None:
    modules = node_modules()
    if modules is None:
        pytest.skip("npm packages not installed (.ci/setup.d/20-probe.sh)")
    script = Path(__file__).parent / "clients" / "ts_tool_task_client.cjs"
    probe = [sys.executable, "-m", "canimcp", "probe", "stdio", "--db", db, "--answer-timeout", "1"]
    env = {**os.environ, "NODE_PATH": str(modules)}
    done = subprocess.run([node_bin(), str(script), *probe], env=env, capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stdout + done.stderr
    steps = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    said = {s["step"]: s["value"] for s in steps}
    assert said["execution"] == {"taskSupport": "required"}
    assert "requires task-based execution" in said["plain"]  # refused by the SDK itself, never sent
    assert said["taskCreated"] == "working" and said["result"] == "Done, as a task."
    result = only_run(db).features[FEATURE]
    assert (result.observed, result.detail["calls"], result.detail["resultFetched"]) == ("supported", 1, True)
