"""The `dropped_stream` tool: the probe primes a POST's SSE answer, closes it, and keeps the result for the GET that
resumes with Last-Event-ID (Streamable HTTP, 2025-11-25). The official Python SDK against it, then plain HTTP
clients that resume, that do not, and that name another session's stream."""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any

import httpx
import pytest
from mcp import Client
from probe_support import http_probe, initialize, only_run, wait_ended

from canimcp.model import FeatureResult
from canimcp.probe.polling import RETRY_MS

ACCEPT = {"accept": "application/json, text/event-stream"}
CALL = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "dropped_stream", "arguments": {}}}


def test_sdk_resumes_the_stream_the_probe_cut(db: str) -> None:
    async def app(url: str) -> tuple[list[str], str, str]:
        async with Client(url, mode="legacy") as client:
            names = [tool.name for tool in (await client.list_tools()).tools]
            dropped = await client.call_tool("dropped_stream", {})
            echoed = await client.call_tool("echo", {"text": "after"})
            return names, dropped.content[0].text, echoed.content[0].text  # type: ignore[union-attr]

    with http_probe(db, "--answer-timeout", "1") as base:
        names, dropped, echoed = asyncio.run(app(base + "/mcp"))
        rep = wait_ended(db, only_run(db).id)
    assert "dropped_stream" in names and echoed == "after"
    assert dropped.startswith("Resumed:")
    result = rep.features["transport.streamable-http.resumption"]
    assert (result.observed, result.detail) == ("supported", {"cut": 1, "resumed": 1})
    primed = rep.messages[result.evidence[0]]
    assert primed.direction == "out" and primed.raw == "" and primed.sse is not None
    resumed = rep.messages[result.evidence[1]]
    assert resumed.http == {"method": "GET", "path": "/mcp"}
    assert resumed.headers is not None and resumed.headers["last-event-id"] == primed.sse["priming"]


def session(base: str, version: str = "2025-11-25", name: str = "raw-resume") -> httpx.Client:
    client = httpx.Client(base_url=base, timeout=10, headers=ACCEPT)
    response = client.post("/mcp", json=initialize(version, {}, {"name": name, "version": "0"}))
    client.headers["mcp-session-id"] = response.headers["mcp-session-id"]
    client.headers["mcp-protocol-version"] = version
    return client


def primed_stream_id(response: httpx.Response) -> str:
    """The POST's whole answer is the priming event: an id ending in :0, a retry, no data."""
    assert response.headers["content-type"].startswith("text/event-stream")
    found = re.fullmatch(rf"id: (\S+):0\nretry: {RETRY_MS}\ndata: \n\n", response.text)
    assert found is not None, response.text
    return found[1]


def resumption_when_ended(db: str, client: httpx.Client) -> FeatureResult:
    """End the client's session (DELETE) and judge its run's resumption."""
    client.delete("/mcp")
    return wait_ended(db, only_run(db).id).features["transport.streamable-http.resumption"]


def test_plain_client_that_resumes_gets_the_result_once(db: str) -> None:
    with http_probe(db, "--answer-timeout", "0.5") as base:
        client = session(base)
        stream_id = primed_stream_id(client.post("/mcp", json=CALL))
        resumed = client.get("/mcp", headers={"last-event-id": f"{stream_id}:0"})  # the stream ends with the answer
        frames = [f for f in resumed.text.split("\n\n") if f.strip()]
        assert len(frames) == 1 and frames[0].startswith(f"id: {stream_id}:1\n")
        assert '"id":7' in frames[0] and "Resumed:" in frames[0]
        # resuming after the answer's own id gives nothing more
        again = client.get("/mcp", headers={"last-event-id": f"{stream_id}:1"})
        assert again.text == ""
        result = resumption_when_ended(db, client)
    assert (result.observed, result.detail) == ("supported", {"cut": 1, "resumed": 1})


def test_plain_client_that_never_resumes_is_unsupported(db: str) -> None:
    with http_probe(db, "--answer-timeout", "0.3") as base:
        client = session(base)
        primed_stream_id(client.post("/mcp", json=CALL))
        time.sleep(0.6)  # longer than the answer timeout: it had its chance
        assert client.post("/mcp", json={"jsonrpc": "2.0", "id": 8, "method": "ping"}).json()["result"] == {}
        result = resumption_when_ended(db, client)
    assert (result.observed, result.detail) == ("unsupported", {"cut": 1, "resumed": 0})


def test_another_sessions_stream_is_not_handed_out(db: str) -> None:
    with http_probe(db, "--answer-timeout", "0.3") as base:
        owner = session(base, name="owner")
        stream_id = primed_stream_id(owner.post("/mcp", json=CALL))
        other = session(base, name="other")
        # the other session's GET with the owner's event id opens its own (idle) stream: no frame of the owner's
        with (
            pytest.raises(httpx.ReadTimeout),
            other.stream(
                "GET", "/mcp", headers={"last-event-id": f"{stream_id}:0"}, timeout=httpx.Timeout(10, read=0.5)
            ) as response,
        ):
            assert response.status_code == 200
            for chunk in response.iter_text():
                assert '"id":7' not in chunk
        assert "Resumed:" in owner.get("/mcp", headers={"last-event-id": f"{stream_id}:0"}).text


@pytest.mark.parametrize("version", ["2025-03-26", "2025-06-18"])
def test_before_priming_the_stream_breaks_after_a_message(db: str, version: str) -> None:
    """2025-03-26 and 2025-06-18 define resuming a broken stream but no priming event: the first event is a log
    message with an id, the stream breaks after it, and a GET from that id gets the answer."""
    with http_probe(db, "--answer-timeout", "0.5") as base:
        client = session(base, version)
        names = [
            t["name"]
            for t in client.post("/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).json()["result"][
                "tools"
            ]
        ]
        assert "dropped_stream" in names
        cut = client.post("/mcp", json=CALL)
        found = re.fullmatch(r"id: (\S+):0\ndata: (\{.*\})\n\n", cut.text)
        assert found is not None, cut.text
        assert json.loads(found[2])["method"] == "notifications/message" and '"id":7' not in cut.text
        resumed = client.get("/mcp", headers={"last-event-id": f"{found[1]}:0"})
        assert '"id":7' in resumed.text and "Resumed:" in resumed.text
        result = resumption_when_ended(db, client)
    assert (result.observed, result.detail) == ("supported", {"cut": 1, "resumed": 1})
    assert only_run(db).protocol_version == version


@pytest.mark.parametrize("version", ["2024-11-05", "2026-07-28"])
def test_not_cut_where_no_stream_is_resumed(db: str, version: str) -> None:
    """2024-11-05 has no Streamable HTTP to resume, and 2026-07-28 resumes nothing: the call is answered in
    place (and the tool is not listed)."""
    with http_probe(db) as base:
        if version == "2026-07-28":
            meta = {
                "io.modelcontextprotocol/protocolVersion": version,
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": {"name": "raw-modern", "version": "0"},
            }
            client = httpx.Client(base_url=base, timeout=10, headers={**ACCEPT, "mcp-protocol-version": version})
            listed: dict[str, Any] = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": meta}}
            call = {**CALL, "params": {**CALL["params"], "_meta": meta}}  # type: ignore[dict-item]
        else:
            client = session(base, version)
            listed, call = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, CALL
        names = [t["name"] for t in client.post("/mcp", json=listed).json()["result"]["tools"]]
        assert "dropped_stream" not in names
        answered = client.post("/mcp", json=call)
        assert "Answered in place" in answered.text and '"id":7' in answered.text
