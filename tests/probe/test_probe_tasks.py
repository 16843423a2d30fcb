"""Tasks with the client as receiver (2025-11-25): the official TypeScript SDK 1.x client with a task store runs the
probe's sampling and elicitation requests as tasks and cancels one; the Python SDK client, which has no task
methods, says "method not found" to tasks/get (test_probe_python_clients.py); transcripts built by
hand cover what no real client here does (a task asked for and not made, a task that ended before its cancel)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from probe_support import initialize, node_bin, node_modules, only_run, rows

from canimcp.model import ProbeReport
from canimcp.probe.report import assess
from canimcp.probe.scenarios.tasks import NO_SUCH_TASK

CLIENTS = Path(__file__).parent / "clients"
TASK_FEATURES = (
    "tasks",
    "tasks.list",
    "tasks.cancel",
    "tasks.requests.sampling.createMessage",
    "tasks.requests.elicitation.create",
)
CAPS = {"sampling": {}, "tasks": {"cancel": {}, "requests": {"sampling": {"createMessage": {}}}}}
PROMPT = {"messages": [], "maxTokens": 32}
TASK = {"taskId": "t1", "status": "working", "ttl": 60000, "createdAt": "now", "lastUpdatedAt": "now"}


def sent(rep: ProbeReport, index: int) -> dict[str, Any]:
    return json.loads(rep.messages[index].raw)


def handshake(*exchange: tuple[str, Any]) -> dict[str, Any]:
    """Judge an initialize declaring CAPS followed by `exchange` (direction, message) on stdio."""
    done = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    messages = [("in", initialize("2025-11-25", CAPS), None), ("in", done, None)]
    return assess(rows(*messages, *((d, m, None) for d, m in exchange)), "stdio")


def request(id_: int, method: str, **params: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id_, "method": method, "params": params}


def result(id_: int, value: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id_, "result": value}


@pytest.mark.skipif(node_modules() is None, reason="npm packages not installed (.ci/setup.d/20-probe.sh)")
def test_typescript_sdk_with_a_task_store_runs_requests_as_tasks(db: str) -> None:
    env = {**os.environ, "NODE_PATH": str(node_modules())}
    probe = [sys.executable, "-m", "canimcp", "probe", "stdio", "--db", db, "--answer-timeout", "3"]
    done = subprocess.run(
        [node_bin(), str(CLIENTS / "ts_tasks_client.cjs"), *probe], env=env, capture_output=True, text=True, timeout=90
    )
    assert done.returncode == 0, done.stderr
    said = [json.loads(line) for line in done.stdout.splitlines()]
    assert {"step": "task created", "value": "elicitation"} in said
    assert {"step": "task completed", "value": "sampling"} in said
    rep = only_run(db)
    assert {f: rep.features[f].observed for f in TASK_FEATURES} == dict.fromkeys(TASK_FEATURES, "supported")
    # the sampling request came back as a task at once, and its model output later from tasks/result
    shown = [sent(rep, i) for i in rep.features[TASK_FEATURES[3]].evidence]
    asked = [m for m in shown if m.get("method") == "sampling/createMessage"]
    created, fetched, delivered = [m for m in shown if m.get("method") != "sampling/createMessage"]
    assert asked[0]["params"]["task"] == {"ttl": 60000} and created["result"]["task"]["status"] == "working"
    assert fetched["method"] == "tasks/result" and fetched["params"]["taskId"] == created["result"]["task"]["taskId"]
    assert delivered["result"]["content"] == {"type": "text", "text": "probe"}
    cancel, cancelled = (sent(rep, i) for i in rep.features["tasks.cancel"].evidence)
    assert cancel["method"] == "tasks/cancel" and cancelled["result"]["status"] == "cancelled"
    listed = sent(rep, rep.features["tasks.list"].evidence[-1])["result"]["tasks"]
    assert listed == []  # asked before any task was made
    # the plain requests before them are judged on their own
    assert rep.features["sampling"].observed == rep.features["elicitation"].observed == "supported"
    assert all("task" not in sent(rep, i).get("params", {}) for i in rep.features["sampling"].evidence)


def test_a_client_with_task_methods_is_not_judged_by_a_missing_task() -> None:
    not_found = {"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "Task not found"}}
    features = handshake(("out", request(1, "tasks/get", taskId=NO_SUCH_TASK)), ("in", not_found))
    # the methods are there: nothing was asked of them, so nothing is judged
    assert {features[f].observed for f in TASK_FEATURES} == {"not-exercised"}
    assert features["tasks.cancel"].evidence == [0]  # only its declaration speaks to it


def test_a_request_run_at_once_instead_of_as_a_task_fails_the_task_feature() -> None:
    answered = result(1, {"role": "assistant", "content": {"type": "text", "text": "x"}, "model": "m"})
    features = handshake(("out", request(1, "sampling/createMessage", **PROMPT, task={"ttl": 1})), ("in", answered))
    judged = features["tasks.requests.sampling.createMessage"]
    assert (judged.observed, judged.detail) == ("declared-but-failed", {"outcome": "answered without a task"})
    assert features["tasks"].observed == "not-exercised"  # declared, and nothing of it worked or was refused
    assert features["sampling"].observed == "not-exercised"  # the task request is not a plain sampling request


def test_a_task_whose_result_never_comes_fails() -> None:
    lost = {"jsonrpc": "2.0", "id": 2, "error": {"code": -32603, "message": "gone"}}
    features = handshake(
        ("out", request(1, "sampling/createMessage", **PROMPT, task={"ttl": 1})),
        ("in", result(1, {"task": TASK})),
        ("out", request(2, "tasks/result", taskId="t1")),
        ("in", lost),
    )
    judged = features["tasks.requests.sampling.createMessage"]
    assert (judged.observed, judged.detail) == ("declared-but-failed", {"outcome": "no result from tasks/result"})
    assert judged.evidence == [2, 3, 4, 5]


def test_a_cancel_that_comes_after_the_task_ended_shows_nothing() -> None:
    late = {"jsonrpc": "2.0", "id": 2, "error": {"code": -32602, "message": "Cannot cancel task in terminal status"}}
    features = handshake(
        ("out", request(1, "sampling/createMessage", **PROMPT, task={"ttl": 1})),
        ("in", result(1, {"task": TASK})),
        ("out", request(2, "tasks/cancel", taskId="t1")),
        ("in", late),
        ("out", request(3, "tasks/get", taskId="t1")),
        ("in", result(3, {**TASK, "status": "completed"})),
    )
    judged = features["tasks.cancel"]
    assert (judged.observed, judged.detail) == ("not-exercised", {"outcome": "the task had ended before tasks/cancel"})
    refused = handshake(
        ("out", request(2, "tasks/cancel", taskId="t1")),
        ("in", late),
        ("out", request(3, "tasks/get", taskId="t1")),
        ("in", result(3, TASK)),  # still working, yet the cancel was refused
    )
    assert refused["tasks.cancel"].observed == "declared-but-failed"
