"""Fuzzing each transport with random and malformed messages (bounded): the probe never crashes, every line or body
it was sent is recorded, and it still answers afterwards."""

from __future__ import annotations

import json
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from probe_support import StdioProbe, http_probe, initialize, only_run

METHODS = [
    "initialize",
    "ping",
    "tools/list",
    "tools/call",
    "resources/read",
    "resources/subscribe",
    "prompts/get",
    "completion/complete",
    "logging/setLevel",
    "server/discover",
    "subscriptions/listen",
    "notifications/initialized",
    "notifications/cancelled",
]
# parameter names the probe reads, so that the values it looks up are the fuzzed ones too
KEYS = st.sampled_from(
    ["requestId", "name", "uri", "arguments", "notifications", "protocolVersion", "capabilities", "_meta", "level"]
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS | st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
rpc_like = st.fixed_dictionaries(
    {},
    optional={
        "jsonrpc": st.sampled_from(["2.0", "1.0", 2]),
        "id": st.one_of(st.integers(), st.text(max_size=6), st.none(), st.floats(allow_nan=False)),
        "method": st.one_of(st.sampled_from(METHODS), st.text(max_size=15)),
        "params": json_values,
        "result": json_values,
        "error": json_values,
    },
)
messages = st.one_of(
    rpc_like.map(lambda m: json.dumps(m).encode()),
    st.lists(rpc_like, max_size=3).map(lambda b: json.dumps(b).encode()),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=200),
)
FUZZ = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_fuzz_stdio(db: str) -> None:
    probe = StdioProbe(db, "--answer-timeout", "0.2")
    probe.send(initialize())
    probe.read()

    @FUZZ
    @given(messages)
    def one(line: bytes) -> None:
        probe.send(line.replace(b"\n", b" ").replace(b"\r", b" "))
        marker = f"marker-{len(probe.written)}"
        probe.send({"jsonrpc": "2.0", "id": marker, "method": "ping"})
        assert probe.read_until(marker)["result"] == {}  # still alive, still in order

    one()
    assert probe.close() == 0, probe.stderr()
    recorded = [m.raw for m in only_run(db).messages if m.direction == "in"]
    sent = [line for line in probe.written if line.strip()]  # blank lines carry no message
    assert recorded == [line.decode("utf-8", errors="backslashreplace") for line in sent]


def test_fuzz_streamable_http(db: str) -> None:
    with http_probe(db, "--answer-timeout", "0.2") as base:
        client = httpx.Client(base_url=base, timeout=20, headers={"accept": "application/json, text/event-stream"})
        sent: list[bytes] = [json.dumps(initialize(info={"name": "fuzz", "version": "1"})).encode()]
        opened = client.post("/mcp", content=sent[0])
        client.headers["mcp-session-id"] = opened.headers["mcp-session-id"]
        statuses: set[int] = set()

        @FUZZ
        @given(messages, st.sampled_from(["application/json", "text/plain", ""]))
        def one(body: bytes, content_type: str) -> None:
            response = client.post("/mcp", content=body, headers={"content-type": content_type})
            statuses.add(response.status_code)
            assert response.status_code in (200, 202, 400), response.text
            sent.append(body)
            if response.status_code == 400:  # only errors in it: one object, or one per message of a batch
                answer = response.json()
                assert all("error" in item for item in (answer if isinstance(answer, list) else [answer]))

        one()
        sent.append(json.dumps({"jsonrpc": "2.0", "id": "last", "method": "ping"}).encode())
        assert client.post("/mcp", content=sent[-1]).json()["result"] == {}
    posts = [m.raw for m in only_run(db).messages if m.direction == "in" and (m.http or {}).get("method") == "POST"]
    assert posts == [body.decode("utf-8", errors="backslashreplace") for body in sent]
    assert {200, 400} <= statuses


def test_fuzz_legacy_sse(db: str) -> None:
    with (
        http_probe(db, "--answer-timeout", "0.2") as base,
        httpx.Client(base_url=base, timeout=20) as client,
        client.stream("GET", "/sse") as stream,
    ):
        lines = stream.iter_lines()
        endpoint = next(line for line in lines if line.startswith("data: ")).removeprefix("data: ")
        sent: list[bytes] = []

        @FUZZ
        @given(messages)
        def one(body: bytes) -> None:
            assert client.post(endpoint, content=body).status_code == 202
            sent.append(body)

        one()
        sent.append(json.dumps({"jsonrpc": "2.0", "id": "last", "method": "ping"}).encode())
        client.post(endpoint, content=sent[-1])
        answer: Any = None
        for line in lines:  # answers to earlier requests come first; the stream is in order
            if line.startswith("data: ") and '"last"' in line:
                answer = json.loads(line.removeprefix("data: "))
                break
        assert answer == {"jsonrpc": "2.0", "id": "last", "result": {}}
    posts = [m.raw for m in only_run(db).messages if m.direction == "in" and (m.http or {}).get("method") == "POST"]
    assert posts == [body.decode("utf-8", errors="backslashreplace") for body in sent]
