"""A client that leaves before the probe's answer timeout is not judged on the requests it had no time to
answer; one that stays connected and stays silent is."""

from __future__ import annotations

import json
import subprocess
import time

from probe_support import CANIMCP, only_run

INIT = {
    "jsonrpc": "2.0", "id": 0, "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {"roots": {}},
               "clientInfo": {"name": "quick-status-check", "version": "1"}},
}  # fmt: skip


def session(db: str, stay: float) -> None:
    probe = subprocess.Popen(
        [*CANIMCP, "probe", "stdio", "--db", db, "--answer-timeout", "1.5"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    assert probe.stdin is not None and probe.stdout is not None
    probe.stdin.write((json.dumps(INIT) + "\n").encode())
    probe.stdin.flush()
    json.loads(probe.stdout.readline())  # the initialize result
    probe.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    probe.stdin.flush()
    while json.loads(probe.stdout.readline()).get("method") != "roots/list":
        pass  # the probe asks for roots since they were declared; this client never answers
    time.sleep(stay)
    probe.stdin.close()
    probe.wait(timeout=30)


def test_leaving_at_once_is_not_a_failure(db: str) -> None:
    session(db, stay=0.0)
    roots = only_run(db).features["roots"]
    assert roots.declared is True and roots.observed == "not-exercised"
    assert roots.detail == {"outcome": "left before answering"}


def test_staying_silent_past_the_timeout_is(db: str) -> None:
    session(db, stay=2.5)
    roots = only_run(db).features["roots"]
    assert roots.declared is True and roots.observed == "declared-but-failed"
    assert roots.detail == {"outcome": "silence"}
