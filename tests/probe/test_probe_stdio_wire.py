"""The stdio probe spoken to byte by byte: recording, errors that keep the session going, limits, kill -9."""

from __future__ import annotations

import datetime as dt
import json
import secrets
import signal
import time
from pathlib import Path

import pytest
from probe_support import StdioProbe, initialize, only_run, parsed, raw_in, report, runs

from canimcp.model import ProbeReport

FAST = ("--answer-timeout", "0.2")


@pytest.mark.parametrize(
    ("asked", "answered"),
    [
        ("2024-11-05", "2024-11-05"),
        ("2025-03-26", "2025-03-26"),
        ("2025-06-18", "2025-06-18"),
        ("2025-11-25", "2025-11-25"),
        ("2026-07-28", "2025-11-25"),  # not a handshake revision: the probe offers its latest
        ("1999-01-01", "2025-11-25"),
    ],
)
def test_version_negotiation(db: str, asked: str, answered: str) -> None:
    probe = StdioProbe(db, *FAST)
    probe.send(initialize(asked))
    reply = probe.read()
    assert reply["result"]["protocolVersion"] == answered
    caps = reply["result"]["capabilities"]
    assert ("completions" in caps) == (answered >= "2025-03-26")  # a capability 2024-11-05 does not define
    assert ("extensions" in caps) == (answered >= "2025-11-25")  # the skills extension (see test_probe_skills.py)
    assert probe.close() == 0
    rep = only_run(db)
    assert rep.protocol_version == asked  # what the client asked for is what is recorded
    assert rep.negotiated_version == answered


def test_garbage_gets_errors_and_the_session_goes_on(db: str) -> None:
    hostile = {
        "name": "<script>alert('x')</script>",
        "version": "1\u0000\U0001f600",
        "extra": {"nested": [1, 2.5, None]},
    }
    probe = StdioProbe(db, *FAST)
    probe.send(initialize("2025-06-18", {"roots": {"listChanged": True}, "x-custom": {"a": 1}}, hostile))
    assert probe.read()["id"] == 1
    probe.send("{not json")
    assert probe.read()["error"]["code"] == -32700
    probe.send(b"\xff\xfe\x00garbage")
    assert probe.read()["error"]["code"] == -32700
    probe.send({"jsonrpc": "2.0", "id": 7, "method": "no/such/method"})
    assert probe.read_until(7)["error"]["code"] == -32601
    probe.send("[1, 2]")
    assert [e["error"]["code"] for e in probe.read()] == [-32600, -32600]
    for unhashable in ([7], {"id": 7}):  # a notification naming no possible request: ignored, not a crash
        probe.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": unhashable}})
    probe.send({"jsonrpc": "2.0", "id": 8, "method": "ping"})
    assert probe.read_until(8)["result"] == {}
    assert probe.close() == 0

    rep = only_run(db)
    assert rep.client_info == hostile  # verbatim, no escaping, no keys dropped
    assert rep.capabilities == {"roots": {"listChanged": True}, "x-custom": {"a": 1}}
    sent_raw = raw_in(rep)
    assert "{not json" in sent_raw and "[1, 2]" in sent_raw
    assert "\\xff\\xfe\x00garbage" in sent_raw  # bytes that are not UTF-8 show escaped; stored exactly
    assert json.loads(sent_raw[0])["params"]["clientInfo"]["name"] == "<script>alert('x')</script>"


def test_answers_with_ids_that_are_not_ids_while_the_probe_waits(db: str) -> None:
    probe = StdioProbe(db, *FAST)
    probe.send(initialize())
    probe.read_until(1)
    probe.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    asked = probe.read()  # the scenarios start: the probe's first request, now waiting for an answer
    assert "method" in asked and "id" in asked
    for not_an_id in ([asked["id"]], {"id": asked["id"]}):
        probe.send({"jsonrpc": "2.0", "id": not_an_id, "result": {}})
    probe.send({"jsonrpc": "2.0", "id": "alive", "method": "ping"})
    assert probe.read_until("alive")["result"] == {}
    assert probe.close() == 0
    assert raw_in(only_run(db)) == [line.decode() for line in probe.written]  # every line kept as sent


def test_a_batch_gets_one_array_back(db: str) -> None:
    probe = StdioProbe(db, *FAST)
    probe.send(initialize("2025-03-26"))
    probe.read()
    probe.send(
        '[{"jsonrpc":"2.0","id":"a","method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},'
        '{"jsonrpc":"2.0","id":"b","method":"tools/list"}]'
    )
    reply = probe.read_until_batch() if hasattr(probe, "read_until_batch") else None
    while not isinstance(reply, list):
        msg = probe.read()
        if isinstance(msg, dict) and "method" in msg and "id" in msg:
            probe.send({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "no"}})
        elif isinstance(msg, list):
            reply = msg
    assert {r["id"] for r in reply} == {"a", "b"}
    assert probe.close() == 0
    rep = only_run(db)
    assert rep.features["transport.streamable-http.batching"].observed == "supported"


def test_a_message_over_the_limit_is_refused_and_the_session_ends(db: str) -> None:
    probe = StdioProbe(db, *FAST, "--max-message-bytes", "2048")
    probe.send(initialize())
    probe.read()
    probe.send(json.dumps({"jsonrpc": "2.0", "id": 2, "method": "echo", "params": {"pad": "x" * 5000}}))
    reply = probe.read_until(None)
    assert reply["error"]["code"] == -32600 and "limit" in reply["error"]["message"]
    assert probe.proc.wait(10) == 0  # the probe ends the session itself
    rep = only_run(db)
    assert rep.close_reason == "message over the size limit"
    big = [m for m in rep.messages if m.truncated]
    assert len(big) == 1 and len(big[0].raw) == 2048 and (big[0].size or 0) > 5000
    assert json.loads(raw_in(rep)[0])["method"] == "initialize"  # what came before is kept


def test_idle_limit_ends_the_session(db: str) -> None:
    probe = StdioProbe(db, *FAST, "--idle-timeout", "0.5")
    probe.send(initialize())
    probe.read()
    assert probe.proc.wait(10) == 0  # stdin still open: the idle limit ended it
    assert only_run(db).close_reason.startswith("idle time limit")


def test_total_limit_ends_a_chatty_session(db: str) -> None:
    probe = StdioProbe(db, *FAST, "--total-timeout", "0.8")
    probe.send(initialize())
    probe.read()
    for n in range(100):
        if probe.proc.poll() is not None:
            break
        try:
            probe.send({"jsonrpc": "2.0", "id": 100 + n, "method": "ping"})
        except BrokenPipeError:
            break
        time.sleep(0.05)
    assert probe.proc.wait(10) == 0
    assert only_run(db).close_reason.startswith("total time limit")


def test_kill_9_loses_nothing_already_received(db: str) -> None:
    probe = StdioProbe(db, *FAST)
    probe.send(initialize(info={"name": "killed", "version": "1"}))
    probe.read()
    for n in range(50):
        probe.send({"jsonrpc": "2.0", "id": 1000 + n, "method": "ping"})
    probe.read_until(1049)  # the probe answered (so it had received) the last one
    probe.kill()
    (run,) = runs(db)
    assert run.ended is None  # it never got to end the run
    rep = report(db, run.id)
    ids = [m.get("id") for m in parsed(rep, "in") if isinstance(m, dict)]
    assert ids[0] == 1 and set(range(1000, 1050)) <= set(ids)
    assert ProbeReport.model_validate(rep.model_dump(by_alias=True)) == rep


def test_sigterm_ends_the_run_when_it_comes(db: str) -> None:
    """A client that stops the probe with SIGTERM, stdin still open: the run records its end then, so that a
    request sent long before is not taken as cut short by a client that left right after it."""
    probe = StdioProbe(db, *FAST)
    probe.send(initialize(info={"name": "terminating", "version": "1"}))
    probe.read()
    probe.send({"jsonrpc": "2.0", "id": 7, "method": "ping"})
    probe.read_until(7)
    time.sleep(1.0)  # nothing said for a second: the last message is long before the end
    probe.proc.send_signal(signal.SIGTERM)
    assert probe.proc.wait(10) == 0
    (run,) = runs(db)
    rep = report(db, run.id)
    assert rep.close_reason == "ended by SIGTERM" and rep.complete
    last = max(m.t for m in rep.messages)
    ended = (dt.datetime.fromisoformat(rep.ended) - dt.datetime.fromisoformat(rep.started)).total_seconds()
    assert ended - last >= 0.9, (ended, last)


def test_report_file(db: str, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    probe = StdioProbe(db, *FAST, "--report", str(out))
    probe.send(initialize("2024-11-05", {"sampling": {}}, {"name": "r", "version": "2"}))
    probe.read()
    assert probe.close() == 0
    data = json.loads(out.read_text())
    for key in ("id", "started", "ended", "transport", "era", "protocolVersion", "clientInfo", "capabilities"):
        assert key in data
    assert (data["transport"], data["era"], data["capabilities"]) == ("stdio", "handshake", {"sampling": {}})
    assert data["messages"][0]["direction"] == "in" and data["messages"][0]["raw"].startswith('{"jsonrpc"')
    assert data["features"]["sampling"]["declared"] is True


def test_postgres_store_end_to_end(pg_url: str) -> None:
    """The same probe with `--db postgresql://...`: every received message is there after kill -9."""
    name = f"pg-{secrets.token_hex(4)}"
    probe = StdioProbe(pg_url, *FAST)
    probe.send(initialize("2025-06-18", {"sampling": {}}, {"name": name, "version": "1"}))
    probe.read()
    for n in range(20):
        probe.send({"jsonrpc": "2.0", "id": 500 + n, "method": "ping"})
    probe.read_until(519)
    probe.kill()
    (run,) = [r for r in runs(pg_url) if (r.fields.get("clientInfo") or {}).get("name") == name]
    rep = report(pg_url, run.id)
    assert rep.capabilities == {"sampling": {}} and rep.complete is False
    ids = [m.get("id") for m in parsed(rep, "in") if isinstance(m, dict)]
    assert set(range(500, 520)) <= set(ids)


def test_a_subscription_made_before_the_scenarios_start_gets_its_update(db: str) -> None:
    """The probe acts once `initialized` arrives; a client that subscribed before that still hears of a change."""
    probe = StdioProbe(db, *FAST, "--idle-timeout", "5")  # without an update, the session ends: a failure, not a hang
    probe.send(initialize())
    probe.read_until(1)
    probe.send({"jsonrpc": "2.0", "id": 2, "method": "resources/subscribe", "params": {"uri": "probe://static/hello"}})
    assert probe.read_until(2)["result"] == {}
    probe.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    while (msg := probe.read()).get("method") != "notifications/resources/updated":
        if "id" in msg and "method" in msg:  # the probe's own requests (ping, roots...): refuse them
            probe.send({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "no"}})
    assert msg["params"] == {"uri": "probe://static/hello"}
    for n, uri in enumerate(("probe://items/7", "probe://static/hello"), start=3):  # only the second reads it again
        probe.send({"jsonrpc": "2.0", "id": n, "method": "resources/read", "params": {"uri": uri}})
        probe.read_until(n)
    assert probe.close() == 0
    rep = only_run(db)
    result = rep.features["resources.subscribe"]
    assert result.observed == "supported" and result.detail == {"readAfterUpdate": True}
    assert json.loads(rep.messages[result.evidence[-1]].raw)["id"] == 4
