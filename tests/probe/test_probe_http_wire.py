"""Streamable HTTP and HTTP+SSE spoken to with plain HTTP: sessions, streams, status codes, what is recorded."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from probe_support import http_probe, initialize, report, runs, wait_ended

from canimcp.model.probe import STARTED_OVER
from canimcp.probe.transcript import META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION

ACCEPT = {"accept": "application/json, text/event-stream"}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    db = f"sqlite:///{tmp_path_factory.mktemp('http') / 'probe.sqlite3'}"
    with http_probe(db, "--answer-timeout", "0.3", "--max-message-bytes", "65536") as base:
        yield base, db


def start(base: str, version: str = "2025-11-25", **kw: Any) -> tuple[httpx.Client, str]:
    client = httpx.Client(base_url=base, timeout=10, headers=ACCEPT)
    info = kw.pop("info", {"name": f"http-test-{version}", "version": "0"})
    response = client.post("/mcp", json=initialize(version, kw.pop("caps", {}), info), **kw)
    assert response.status_code == 200, response.text
    assert response.json()["result"]["protocolVersion"] == version
    session = response.headers["mcp-session-id"]
    client.headers["mcp-session-id"] = session
    if version >= "2025-06-18":
        client.headers["mcp-protocol-version"] = version
    return client, session


def find_run(db: str, name: str) -> str:
    found = [r.id for r in runs(db) if (r.fields.get("clientInfo") or {}).get("name") == name]
    assert len(found) == 1, found
    return found[0]


def sse_events(response: httpx.Response) -> Iterator[dict[str, str]]:
    event: dict[str, str] = {}
    for line in response.iter_lines():
        if not line:
            if event:
                yield event
            event = {}
        elif not line.startswith(":"):
            key, _, value = line.partition(":")
            event[key] = value.removeprefix(" ")


def test_a_whole_session(served: tuple[str, str]) -> None:
    base, db = served
    client, _ = start(base, info={"name": "whole", "version": "1"}, headers={"authorization": "Bearer s3cret"})
    assert client.post("/mcp", json={"jsonrpc": "2.0", "method": "notifications/initialized"}).status_code == 202
    with client.stream("GET", "/mcp", headers={"accept": "text/event-stream"}) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        first = next(sse_events(stream))  # the scenarios start on the GET stream: ping comes first
        request = json.loads(first["data"])
        assert request["method"] == "ping" and first["id"]
        answer = client.post("/mcp", json={"jsonrpc": "2.0", "id": request["id"], "result": {}})
        assert answer.status_code == 202
    listed = client.post("/mcp", json={"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    assert "echo" in [t["name"] for t in listed.json()["result"]["tools"]]
    assert client.delete("/mcp").status_code == 200
    after = client.post("/mcp", json={"jsonrpc": "2.0", "id": 3, "method": "ping"})
    assert after.status_code == 404  # the session is gone: the client must start over

    rep = wait_ended(db, find_run(db, "whole"))
    assert rep.close_reason == "client sent DELETE"
    first_in = rep.messages[0]
    assert first_in.http == {"method": "POST", "path": "/mcp"}
    assert first_in.headers is not None and first_in.headers["authorization"] == "[redacted]"
    assert "s3cret" not in rep.model_dump_json()
    observed = {k: v.observed for k, v in rep.features.items()}
    assert observed["ping"] == "supported"
    assert observed["transport.streamable-http.delete"] == "supported"
    assert observed["transport.streamable-http.get-stream"] == "supported"
    assert observed["transport.streamable-http.protocol-version-header"] == "supported"
    # it ended the session itself: the 404 after its DELETE asks nothing of it (only a forgotten id is judged)
    assert observed["transport.streamable-http.session-expiry"] == "not-exercised"
    # the request after DELETE is in the run, with its 404
    assert rep.messages[-1].http == {"status": 404, "method": "POST", "forgotten": False}


def test_origin_is_checked(served: tuple[str, str]) -> None:
    base, _ = served
    evil = httpx.post(base + "/mcp", json=initialize(), headers={**ACCEPT, "origin": "https://evil.example"})
    assert evil.status_code == 403 and evil.json()["error"]["message"].startswith("Forbidden")
    local = httpx.post(base + "/mcp", json=initialize(), headers={**ACCEPT, "origin": "http://localhost:6274"})
    assert local.status_code == 200


def test_unknown_and_missing_sessions(served: tuple[str, str]) -> None:
    base, _ = served
    assert httpx.get(base + "/mcp", headers={"accept": "text/event-stream"}).status_code == 400
    gone = httpx.post(
        base + "/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "ping"}, headers={"mcp-session-id": "nope"}
    )
    assert gone.status_code == 404
    assert httpx.delete(base + "/mcp", headers={"mcp-session-id": "nope"}).status_code == 404


def test_errors_keep_the_session(served: tuple[str, str]) -> None:
    base, db = served
    client, _ = start(base, info={"name": "errors", "version": "1"})
    bad = client.post("/mcp", content=b"{oops", headers={"content-type": "application/json"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == -32700
    unknown = client.post("/mcp", json={"jsonrpc": "2.0", "id": 5, "method": "nope/nope"})
    assert unknown.json()["error"]["code"] == -32601
    ping = client.post("/mcp", json={"jsonrpc": "2.0", "id": 6, "method": "ping"})
    assert ping.json() == {"jsonrpc": "2.0", "id": 6, "result": {}}
    huge = client.post(
        "/mcp", content=b'{"jsonrpc":"2.0","id":7,"method":"ping","params":{"p":"' + b"x" * 70000 + b'"}}'
    )
    assert huge.status_code == 413 and "limit" in huge.json()["error"]["message"]
    rep = wait_ended(db, find_run(db, "errors"))
    assert rep.close_reason == "message over the size limit"
    kept = [m.raw for m in rep.messages if m.direction == "in"]
    assert kept[1] == "{oops" and len(kept[-1]) == 65536


def test_batches_on_2025_03_26(served: tuple[str, str]) -> None:
    base, db = served
    client, _ = start(base, "2025-03-26", info={"name": "batch", "version": "1"})
    batch = [{"jsonrpc": "2.0", "id": 1, "method": "ping"}, {"jsonrpc": "2.0", "id": 2, "method": "prompts/list"}]
    reply = client.post("/mcp", json=batch)
    assert reply.status_code == 200 and sorted(r["id"] for r in reply.json()) == [1, 2]
    only_notes = client.post("/mcp", json=[{"jsonrpc": "2.0", "method": "notifications/initialized"}])
    assert only_notes.status_code == 202
    client.delete("/mcp")
    rep = wait_ended(db, find_run(db, "batch"))
    assert rep.features["transport.streamable-http.batching"].observed == "supported"
    assert rep.features["prompts"].observed == "supported"
    # no MCP-Protocol-Version header, as 2025-03-26 allows: not held against the client
    header = rep.features["transport.streamable-http.protocol-version-header"]
    assert (header.observed, header.detail) == ("not-exercised", {"values": ["(absent)"]})


def test_protocol_version_header_is_recorded(served: tuple[str, str]) -> None:
    base, db = served
    client, _ = start(base, "2025-06-18", info={"name": "header", "version": "1"})
    client.post("/mcp", json={"jsonrpc": "2.0", "id": 2, "method": "ping"})
    client.post(
        "/mcp", json={"jsonrpc": "2.0", "id": 3, "method": "ping"}, headers={"mcp-protocol-version": "2025-03-26"}
    )
    wrong = client.post(
        "/mcp", json={"jsonrpc": "2.0", "id": 4, "method": "ping"}, headers={"mcp-protocol-version": "1.0"}
    )
    assert wrong.status_code == 400
    client.delete("/mcp")
    result = wait_ended(db, find_run(db, "header")).features["transport.streamable-http.protocol-version-header"]
    assert result.observed == "unsupported"  # one POST carried another version than the negotiated one
    assert result.detail == {"values": ["1.0", "2025-03-26", "2025-06-18"]}


def test_last_event_id_replays_the_get_stream(served: tuple[str, str]) -> None:
    base, db = served
    client, _ = start(base, info={"name": "resume", "version": "1"})
    client.post("/mcp", json={"jsonrpc": "2.0", "method": "notifications/initialized"})
    with client.stream("GET", "/mcp", headers={"accept": "text/event-stream"}) as stream:
        events = sse_events(stream)
        first, second = next(events), next(events)
    with client.stream("GET", "/mcp", headers={"accept": "text/event-stream", "last-event-id": first["id"]}) as again:
        replayed = next(sse_events(again))
    assert replayed["id"] == second["id"] and replayed["data"] == second["data"]
    client.delete("/mcp")
    assert (
        wait_ended(db, find_run(db, "resume")).features["transport.streamable-http.resumption"].observed == "supported"
    )


def test_legacy_sse(served: tuple[str, str]) -> None:
    base, db = served
    with httpx.Client(base_url=base, timeout=10) as client, client.stream("GET", "/sse") as stream:
        events = sse_events(stream)
        endpoint = next(events)
        assert endpoint["event"] == "endpoint" and endpoint["data"].startswith("/sse/messages?sessionId=")
        accepted = client.post(endpoint["data"], json=initialize("2024-11-05", info={"name": "legacy", "version": "1"}))
        assert accepted.status_code == 202
        reply = json.loads(next(events)["data"])
        assert reply["result"]["protocolVersion"] == "2024-11-05"
        assert client.post(endpoint["data"], content=b"][").status_code == 202
        assert json.loads(next(events)["data"])["error"]["code"] == -32700
    rep = wait_ended(db, find_run(db, "legacy"))
    assert rep.transport == "sse" and rep.close_reason == "client closed the SSE stream"
    assert rep.messages[0].http == {"method": "GET", "path": "/sse"}


def test_session_cap_answers_503(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'cap.sqlite3'}"
    with http_probe(db, "--max-sessions", "2") as base:
        for n in range(2):
            assert httpx.post(base + "/mcp", json=initialize(id_=n), headers=ACCEPT).status_code == 200
        refused = httpx.post(base + "/mcp", json=initialize(), headers=ACCEPT)
        assert refused.status_code == 503 and refused.headers["retry-after"]
        assert "maximum of 2 concurrent sessions" in refused.json()["error"]["message"]
        assert httpx.get(base + "/sse").status_code == 503
        assert len(runs(db)) == 2  # the refused ones opened no run


def test_report_of_a_running_session(served: tuple[str, str]) -> None:
    base, db = served
    client, _ = start(base, info={"name": "open", "version": "1"})
    rep = report(db, find_run(db, "open"))
    assert rep.complete is False and rep.ended >= rep.started
    client.delete("/mcp")


def test_expire_after_sees_who_starts_over(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'expire.sqlite3'}"
    with http_probe(db, "--expire-after", "2") as base:
        client, first = start(base, info={"name": "restarts", "version": "1"})
        assert client.post("/mcp", json={"jsonrpc": "2.0", "method": "notifications/initialized"}).status_code == 202
        gone = client.post("/mcp", json={"jsonrpc": "2.0", "id": 2, "method": "ping"})
        assert gone.status_code == 404  # the probe forgot the session id after two POSTs
        del client.headers["mcp-session-id"]
        _, second = start(base, info={"name": "restarts", "version": "1"})  # a client that starts over
        assert second != first
        assert len(runs(db)) == 1  # ... and its new session continues the same run
        rep = report(db, runs(db)[0].id)
    result = rep.features["transport.streamable-http.session-expiry"]
    assert result.observed == "supported" and len(result.evidence) == 2
    methods = [json.loads(m.raw).get("method") for m in rep.messages if m.direction == "in" and m.raw]
    assert methods == ["initialize", "notifications/initialized", "ping", "initialize"]


def test_only_a_session_the_probe_forgot_asks_for_a_new_one(tmp_path: Path) -> None:
    """A client that ends its session with DELETE and then answers a request gets a 404 too, but nothing asked it
    to start over (OpenClaw's status command does this); nor does a DELETE refused for a forgotten session."""
    db = f"sqlite:///{tmp_path / 'own.sqlite3'}"
    with http_probe(db) as base:
        client, _ = start(base, info={"name": "leaves", "version": "1"})
        assert client.delete("/mcp").status_code == 200
        assert client.post("/mcp", json={"jsonrpc": "2.0", "id": 9, "result": {}}).status_code == 404
        left = wait_ended(db, find_run(db, "leaves"))
    with http_probe(db, "--expire-after", "2") as base:
        client, _ = start(base, info={"name": "deletes", "version": "1"})
        client.post("/mcp", json={"jsonrpc": "2.0", "method": "notifications/initialized"})
        assert client.delete("/mcp").status_code == 404  # forgotten: the DELETE is refused, and asks nothing more
        deleted = report(db, find_run(db, "deletes"))
    for rep in (left, deleted):
        assert any(m.direction == "out" and (m.http or {}).get("status") == 404 for m in rep.messages)
        assert rep.features["transport.streamable-http.session-expiry"].observed == "not-exercised"


def test_idle_sessions_end(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'idle.sqlite3'}"
    with http_probe(db, "--idle-timeout", "0.4") as base:
        client, _ = start(base, info={"name": "sleepy", "version": "1"})
        rep = wait_ended(db, find_run(db, "sleepy"))
        assert client.post("/mcp", json={"jsonrpc": "2.0", "id": 2, "method": "ping"}).status_code == 404
    assert rep.close_reason is not None and rep.close_reason.startswith("idle time limit")


def test_a_client_that_tries_the_new_era_again_before_starting_over_did_not_give_up(tmp_path: Path) -> None:
    """Claude Code, its session forgotten, sends server/discover again before it initializes; the initialize goes to
    the run of the forgotten session (which shows the start over), and the discover's run ends saying so."""
    db = f"sqlite:///{tmp_path / 'again.sqlite3'}"
    info = {"name": "tries-again", "version": "1"}
    meta = {META_PROTOCOL_VERSION: "2026-07-28", META_CLIENT_INFO: info, META_CLIENT_CAPABILITIES: {}}
    discover = {"jsonrpc": "2.0", "id": "d1", "method": "server/discover", "params": {"_meta": meta}}
    with http_probe(db, "--era", "handshake", "--expire-after", "2") as base:
        client, _ = start(base, info=info)
        assert client.post("/mcp", json={"jsonrpc": "2.0", "method": "notifications/initialized"}).status_code == 202
        assert client.post("/mcp", json={"jsonrpc": "2.0", "id": 2, "method": "ping"}).status_code == 404
        del client.headers["mcp-session-id"]
        refused = client.post("/mcp", json=discover, headers={"mcp-protocol-version": "2026-07-28"})
        assert refused.json()["error"]["code"] == -32601
        start(base, info=info)
        (tried,) = [r.id for r in runs(db) if r.fields.get("closeReason") == STARTED_OVER]
        (restarted,) = [r.id for r in runs(db) if r.id != tried]
        gave_up = report(db, tried)
        resumed = report(db, restarted)
    fallback = gave_up.features["stateless.fallback"]
    assert (fallback.observed, (fallback.detail or {}).get("outcome")) == ("not-exercised", STARTED_OVER)
    assert resumed.features["transport.streamable-http.session-expiry"].observed == "supported"
