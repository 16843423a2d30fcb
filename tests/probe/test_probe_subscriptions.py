"""`subscriptions/listen` (2026-07-28): the official Python SDK's `Client.listen` against the probe on stdio and
Streamable HTTP, a graceful end when the probe's session ends first, and what malformed or misplaced listens get."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.subscriptions import PromptsListChanged, ResourceUpdated, ServerEvent, ToolsListChanged
from mcp.shared.exceptions import MCPError
from probe_support import StdioProbe, assert_relisted, http_probe, initialize, only_run, parsed, wait_ended

from canimcp.model import ProbeReport
from canimcp.probe.fixtures import STATIC_URI
from canimcp.probe.subscriptions import MAX_OPEN

SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId"
ACK = "notifications/subscriptions/acknowledged"


@contextmanager
def probe_target(db: str, transport: str, *args: str) -> Iterator[Any]:
    """What `mcp.Client` connects to: the stdio probe as a subprocess, or the HTTP probe's endpoint."""
    if transport == "stdio":
        cmd = ["-m", "canimcp", "probe", "stdio", "--db", db, "--answer-timeout", "1", *args]
        yield StdioServerParameters(command=sys.executable, args=cmd)
    else:
        with http_probe(db, "--answer-timeout", "1", *args) as base:
            yield base + "/mcp"


def modern(id_: Any, method: str, **params: Any) -> dict[str, Any]:
    meta = {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "raw-listen", "version": "0"},
    }
    return {"jsonrpc": "2.0", "id": id_, "method": method, "params": {**params, "_meta": meta}}


def sent_on(rep: ProbeReport, listen_id: Any) -> list[dict[str, Any]]:
    """The probe's messages stamped with the subscription id `listen_id`, in order."""
    out = [m for m in parsed(rep, "out") if isinstance(m, dict)]
    return [
        m for m in out if (m.get("params") or m.get("result") or {}).get("_meta", {}).get(SUBSCRIPTION_ID) == listen_id
    ]


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_sdk_listen_hears_each_change_once_and_acts_on_it(db: str, transport: str) -> None:
    """What an app does: list the tools, listen for tool list changes and one resource, list or read again on
    each event, leave the stream, go on using the server."""

    async def app(target: Any) -> tuple[Any, list[ServerEvent], str]:
        async with Client(target, mode="auto") as client:
            await client.list_tools()
            async with client.listen(tools_list_changed=True, resource_subscriptions=[STATIC_URI]) as sub:
                events: list[ServerEvent] = []
                async for event in sub:
                    events.append(event)
                    if isinstance(event, ToolsListChanged):
                        await client.list_tools()
                    if isinstance(event, ResourceUpdated):
                        await client.read_resource(event.uri)
                    if len(events) == 2:
                        break
            echoed = await client.call_tool("echo", {"text": "still here"})
            return sub.honored, events, echoed.content[0].text  # type: ignore[union-attr]

    with probe_target(db, transport) as target:
        honored, events, echoed = asyncio.run(app(target))
    rep = only_run(db)
    assert honored.tools_list_changed is True and honored.resource_subscriptions == [STATIC_URI]
    assert honored.prompts_list_changed is None and honored.resources_list_changed is None
    # the resource change comes at once; the list change once the tools/list answer has had time to arrive
    assert events == [ResourceUpdated(uri=STATIC_URI), ToolsListChanged()] and echoed == "still here"

    listen = next(m for m in parsed(rep, "in") if isinstance(m, dict) and m.get("method") == "subscriptions/listen")
    stamped = sent_on(rep, listen["id"])
    assert [m["method"] for m in stamped] == [
        ACK,
        "notifications/resources/updated",
        "notifications/tools/list_changed",
    ]
    assert stamped[0]["params"]["notifications"] == {"toolsListChanged": True, "resourceSubscriptions": [STATIC_URI]}
    # the client left the stream: the listen request is never answered
    assert not [m for m in parsed(rep, "out") if isinstance(m, dict) and m.get("id") == listen["id"]]
    seen = {k: v.observed for k, v in rep.features.items()}
    assert seen["tools.listChanged"] == seen["resources.subscribe"] == "supported"
    assert rep.features["resources.subscribe"].detail == {"readAfterUpdate": True}
    assert seen["prompts.listChanged"] == "not-exercised"  # not asked for, so never sent
    if transport == "stdio":  # leaving is a notifications/cancelled naming the listen request
        cancels = [m for m in parsed(rep, "in") if isinstance(m, dict) and m.get("method") == "notifications/cancelled"]
        assert [c["params"]["requestId"] for c in cancels] == [listen["id"]]


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_run_scenarios_answers_once_every_list_change_went_out(db: str, transport: str) -> None:
    """An agent may end its session after any answer of the tool. The probe holds its answers until the changes on
    the client's listen stream have gone out, one at a time; this client never lists again, so each change waits
    the whole answer timeout (1 s) before the next, long after the tool's rounds would have been over."""

    async def app(target: Any) -> tuple[list[ServerEvent], int]:
        by_then: list[ServerEvent] = []  # what the client had heard when the tool's first answer came
        async with Client(target, mode="auto") as client:
            await client.list_tools()
            await client.list_prompts()
            await client.list_resources()
            flags = {"tools_list_changed": True, "prompts_list_changed": True, "resources_list_changed": True}
            async with client.listen(**flags) as sub:
                heard: list[ServerEvent] = []

                async def hear() -> None:
                    async for event in sub:
                        heard.append(event)

                hearing = asyncio.create_task(hear())
                refused = 0
                while True:  # the undeclared input requests fail the call, one round each
                    try:
                        await client.call_tool("run_scenarios", {})
                    except MCPError:
                        refused += 1
                        assert refused < 5, "run_scenarios never completed"
                        by_then = by_then if refused > 1 else list(heard)
                        continue
                    break
                hearing.cancel()
        return by_then, refused

    with probe_target(db, transport) as target:
        by_then, refused = asyncio.run(app(target))
    assert refused == 3  # roots, sampling, elicitation, each in its own round
    assert sorted(type(e).__name__ for e in by_then) == [
        "PromptsListChanged",
        "ResourcesListChanged",
        "ToolsListChanged",
    ]
    rep = only_run(db)
    changes = [m.t for m in rep.messages if m.direction == "out" and "list_changed" in m.raw]
    assert len(changes) == 3 and changes[1] - changes[0] >= 0.9 and changes[2] - changes[1] >= 0.9
    assert {rep.features[f"{kind}.listChanged"].observed for kind in ("tools", "prompts", "resources")} == {
        "unsupported"
    }


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_listen_ends_gracefully_when_the_session_ends(db: str, transport: str) -> None:
    async def app(target: Any) -> list[ServerEvent]:
        async with Client(target, mode="auto") as client, client.listen(prompts_list_changed=True) as sub:
            return [event async for event in sub]  # a graceful end stops the loop; a lost stream raises

    # the prompts list change goes out once the client has listed prompts or the answer timeout (1 s) is over; this
    # client never lists them, so the session's idle limit must be longer, or the session may end before the change
    with probe_target(db, transport, "--idle-timeout", "2") as target:
        events = asyncio.run(app(target))
        rep = wait_ended(db, only_run(db).id)
    assert events == [PromptsListChanged()]
    assert rep.close_reason is not None and rep.close_reason.startswith("idle time limit")
    listen = next(m for m in parsed(rep, "in") if isinstance(m, dict) and m.get("method") == "subscriptions/listen")
    last = sent_on(rep, listen["id"])[-1]
    assert last == {
        "jsonrpc": "2.0",
        "id": listen["id"],
        "result": {"resultType": "complete", "_meta": {SUBSCRIPTION_ID: listen["id"]}},
    }


def test_listen_refused_where_it_does_not_belong_and_filtered_where_it_does(db: str) -> None:
    probe = StdioProbe(db, "--answer-timeout", "0.3")
    try:
        # not in the handshake era
        probe.send(initialize("2025-11-25"))
        probe.read_until(1)
        probe.send({"jsonrpc": "2.0", "id": 2, "method": "subscriptions/listen", "params": {"notifications": {}}})
        assert probe.read_until(2)["error"]["code"] == -32601
    finally:
        probe.close()

    probe = StdioProbe(db, "--answer-timeout", "0.3", "--idle-timeout", "1")
    try:
        probe.send(modern(1, "subscriptions/listen"))
        assert probe.read_until(1)["error"]["code"] == -32602  # no filter
        # a flag that is not `true` and a URI that is not a string are left out of what is acknowledged
        wanted = {"toolsListChanged": "yes", "resourceSubscriptions": ["a://x", 3]}
        probe.send(modern(2, "subscriptions/listen", notifications=wanted))
        first, second = probe.read(), probe.read()
        assert first["method"] == ACK and first["params"]["notifications"] == {"resourceSubscriptions": ["a://x"]}
        assert second["method"] == "notifications/resources/updated" and second["params"]["uri"] == "a://x"
        # a second stream gets its acknowledgement, but the probe does not repeat a change it already announced
        probe.send(modern(3, "subscriptions/listen", notifications={"resourceSubscriptions": ["a://x"]}))
        ack = probe.read()
        assert ack["method"] == ACK and ack["params"]["_meta"] == {SUBSCRIPTION_ID: 3}
        probe.send(modern(4, "ping"))
        assert probe.read() == {"jsonrpc": "2.0", "id": 4, "result": {"resultType": "complete"}}
        # an id still in use by an open stream is refused (the stream keeps it: its result comes at the end)
        probe.send(modern(3, "subscriptions/listen", notifications={}))
        assert probe.read()["error"] == {"code": -32600, "message": "request id 3 is already in use"}
        # resources/updated are counted per session: one was sent, so two of these three URIs are announced
        probe.send(
            modern("uris", "subscriptions/listen", notifications={"resourceSubscriptions": ["b:1", "b:2", "b:3"]})
        )
        assert probe.read()["method"] == ACK
        assert [probe.read()["params"]["uri"] for _ in range(2)] == ["b:1", "b:2"]
        probe.send(modern(5, "ping"))
        assert probe.read()["id"] == 5  # and no third one
        # a session holds at most MAX_OPEN streams: the next one is refused, the others stay
        for n in range(MAX_OPEN - 3):
            probe.send(modern(f"more-{n}", "subscriptions/listen", notifications={}))
            assert probe.read()["method"] == ACK
        probe.send(modern("one-too-many", "subscriptions/listen", notifications={}))
        assert probe.read_until("one-too-many")["error"]["code"] == -32600
        # the client leaves the first stream; when the session then ends (idle), only the second gets its result
        probe.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2}})
        ended = [probe.read() for _ in range(MAX_OPEN - 1)]  # every stream still open gets its result
        assert {"jsonrpc": "2.0", "id": 3, "result": {"resultType": "complete", "_meta": {SUBSCRIPTION_ID: 3}}} in ended
        assert all("result" in m for m in ended) and not [m for m in ended if m["id"] == 2]
    finally:
        assert probe.close() == 0
    rep = only_run(db, era="stateless")
    assert rep.close_reason is not None and rep.close_reason.startswith("idle time limit")
    assert not [m for m in parsed(rep, "out") if isinstance(m, dict) and m.get("id") == 2]


def test_a_list_change_waits_until_the_client_has_listed(db: str) -> None:
    """Announced before the client's first tools/list, a change would make that listing look like a re-list."""
    probe = StdioProbe(db, "--answer-timeout", "5")
    try:
        probe.send(modern("listen", "subscriptions/listen", notifications={"toolsListChanged": True}))
        assert probe.read()["method"] == ACK
        probe.send(modern(1, "ping"))
        assert probe.read() == {"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete"}}  # nothing yet
        probe.send(modern(2, "tools/list"))
        assert probe.read()["id"] == 2
        changed = probe.read()
        assert changed["method"] == "notifications/tools/list_changed"
        assert changed["params"]["_meta"] == {SUBSCRIPTION_ID: "listen"}
        probe.send(modern(3, "tools/list"))
        assert probe.read()["id"] == 3
    finally:
        assert probe.close() == 0
    rep = only_run(db, era="stateless")
    asked = {json.loads(m.raw)["id"]: i for i, m in enumerate(rep.messages) if m.direction == "in"}
    announced = next(i for i, m in enumerate(rep.messages) if "list_changed" in m.raw)
    result = rep.features["tools.listChanged"]
    assert (result.observed, result.evidence) == ("supported", [asked[2], announced, asked[3]])


def test_listen_over_http_needs_an_event_stream(db: str) -> None:
    with http_probe(db) as base:
        plain = httpx.post(
            base + "/mcp",
            json=modern(1, "subscriptions/listen", notifications={"toolsListChanged": True}),
            headers={"accept": "application/json"},
        )
        assert plain.status_code == 406 and plain.json()["error"]["code"] == -32600
        ping = httpx.post(base + "/mcp", json=modern(2, "ping"), headers={"accept": "application/json"})
        assert ping.json() == {"jsonrpc": "2.0", "id": 2, "result": {"resultType": "complete"}}
    rep = only_run(db)
    statuses = [(m.http or {}).get("status") for m in rep.messages if m.direction == "out"]
    assert 406 in statuses
    assert json.loads(rep.messages[0].raw)["method"] == "subscriptions/listen"  # recorded before it was refused


def test_an_app_on_client_listen_lists_each_kind_again(db: str) -> None:
    """tests/probe/clients/py_listen_client.py, the app behind python-sdk-2.3.0-stdio-configured-0 in data/probes."""
    script = Path(__file__).parent / "clients" / "py_listen_client.py"
    probe = [sys.executable, "-m", "canimcp", "probe", "stdio", "--db", db, "--answer-timeout", "1"]
    done = subprocess.run([sys.executable, str(script), *probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert sorted(done.stdout.splitlines()) == [
        f"listed again after {kind}ListChanged" for kind in ("Prompts", "Resources", "Tools")
    ]
    rep = only_run(db, era="stateless")
    assert_relisted(rep)
