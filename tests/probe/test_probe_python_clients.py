"""Real Python clients against the probe: the official SDK (`mcp` 2.x) on stdio, Streamable HTTP and HTTP+SSE, in
both eras, and fastmcp's client. Expectations were read from the wire first (docs/probe.md shows the captures)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import httpx
import mcp_types as types
from mcp import Client
from mcp.client.sse import sse_client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError
from probe_support import http_probe, only_run, parsed, wait_ended

from canimcp.model import ProbeReport
from canimcp.model.probe import NO_ROOTS, NO_SAMPLING, NO_TASK_METHODS
from canimcp.probe.scenarios.tasks import NO_SUCH_TASK

SDK_CAPS = {"sampling": {}, "elicitation": {"form": {}, "url": {}}, "roots": {"listChanged": True}}
SDK_INFO = {"name": "mcp", "version": "0.1.0"}
FAST = ["--answer-timeout", "1"]
TASKS = (
    "tasks",
    "tasks.list",
    "tasks.cancel",
    "tasks.requests.sampling.createMessage",
    "tasks.requests.elicitation.create",
)


async def sampling(ctx: Any, params: Any) -> types.CreateMessageResult:
    return types.CreateMessageResult(role="assistant", content=types.TextContent(type="text", text="probe"), model="m")


async def roots(ctx: Any) -> types.ListRootsResult:
    return types.ListRootsResult(roots=[types.Root(uri="file:///tmp", name="tmp")])  # type: ignore[arg-type]


async def elicit(ctx: Any, params: Any) -> types.ElicitResult:
    return types.ElicitResult(action="decline")


def stdio_server(db: str, *args: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable, args=["-m", "canimcp", "probe", "stdio", "--db", db, *FAST, *args]
    )


async def session(server: Any, mode: str = "legacy", callbacks: bool = True) -> list[str]:
    """What an app does: list tools, run the probe's scenarios, call a tool; returns the scenario summary lines."""
    handlers: dict[str, Any] = (
        {"sampling_callback": sampling, "list_roots_callback": roots, "elicitation_callback": elicit}
        if callbacks
        else {}
    )
    async with Client(server, mode=mode, **handlers) as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        assert {"run_scenarios", "echo", "structured_result"} <= set(names)
        summary = await client.call_tool("run_scenarios", {})
        echoed = await client.call_tool("echo", {"text": "hi"})
        assert echoed.content[0].text == "hi"  # type: ignore[union-attr]
        return str(summary.content[0].text).splitlines()  # type: ignore[union-attr]


def observed(rep: ProbeReport) -> dict[str, str]:
    return {k: v.observed for k, v in rep.features.items() if v.observed != "not-exercised"}


def assert_handshake_sdk(rep: ProbeReport) -> None:
    assert (rep.era, rep.protocol_version, rep.negotiated_version) == ("handshake", "2025-11-25", "2025-11-25")
    assert rep.capabilities == SDK_CAPS and rep.client_info == SDK_INFO
    seen = observed(rep)
    for feature in ("ping", "roots", "sampling", "elicitation", "elicitation.form", "elicitation.url", "tools"):
        assert seen[feature] == "supported", feature
    # the SDK client does not list again after list_changed notifications
    assert seen["tools.listChanged"] == seen["prompts.listChanged"] == "unsupported"


def test_sdk_stdio_handshake(db: str) -> None:
    asyncio.run(session(stdio_server(db), "legacy"))
    rep = only_run(db)
    assert rep.transport == "stdio" and rep.complete
    assert_handshake_sdk(rep)
    assert parsed(rep, "in")[0]["method"] == "initialize"  # legacy mode: no server/discover first


def test_sdk_stdio_default_client_declares_nothing(db: str) -> None:
    asyncio.run(session(stdio_server(db), "legacy", callbacks=False))
    rep = only_run(db)
    assert rep.capabilities == {}
    seen = observed(rep)
    # not declared, and the SDK answers the probe's requests with errors: unsupported, not silence
    assert seen["roots"] == seen["sampling"] == seen["elicitation"] == "unsupported"
    assert rep.features["roots"].detail == {"outcome": "error"}
    # with no roots there is no list whose changes it could announce
    listed = rep.features["roots.listChanged"]
    assert (listed.observed, listed.detail) == ("unsupported", {"outcome": NO_ROOTS})
    # nor sampling with tools or with context without sampling
    for feature in ("sampling.tools", "sampling.context"):
        assert (seen[feature], rep.features[feature].detail) == ("unsupported", {"outcome": NO_SAMPLING})


def test_sdk_stdio_stateless(db: str) -> None:
    asyncio.run(session(stdio_server(db), "auto"))
    rep = only_run(db)
    assert (rep.era, rep.protocol_version, rep.capabilities, rep.client_info) == (
        "stateless",
        "2026-07-28",
        SDK_CAPS,
        SDK_INFO,
    )
    first = parsed(rep, "in")[0]
    assert first["method"] == "server/discover"
    seen = observed(rep)
    assert seen["stateless.server-discover"] == seen["stateless.request-meta"] == "supported"
    assert rep.features["stateless.server-discover"].detail == {"first": True}
    # run_scenarios answered input_required; the SDK retried with answers for all three input requests
    assert seen["stateless.input-requests"] == "supported"
    assert rep.features["stateless.input-requests"].detail == {"answered": ["elicitation", "roots", "sampling"]}
    assert seen["roots"] == seen["sampling"] == seen["elicitation"] == "supported"
    assert rep.features["stateless.request-meta"].detail["changedAt"] == []  # type: ignore[index]


def test_stateless_input_requests_come_in_rounds(db: str) -> None:
    """Declared input requests first, together; then each undeclared one in a round of its own, so that a refusal
    (which makes the SDK abandon the whole call) does not hide what the client does with the others."""

    async def app() -> tuple[list[str], str]:
        refused: list[str] = []
        async with Client(stdio_server(db), mode="auto", elicitation_callback=elicit) as client:
            for _ in range(3):  # an app trying again after the call failed: each call is asked the next round
                try:
                    done = await client.call_tool("run_scenarios", {})
                except MCPError as exc:
                    refused.append(str(exc))
                else:
                    return refused, str(done.content[0].text)  # type: ignore[union-attr]
        raise AssertionError(f"run_scenarios never completed: {refused}")

    refused, done = asyncio.run(app())
    rep = only_run(db)
    assert rep.era == "stateless" and rep.capabilities == {"elicitation": {"form": {}, "url": {}}}
    assert refused == ["List roots not supported", "Sampling not supported"]
    assert done.startswith("Scenarios done")
    results = [m["result"] for m in parsed(rep, "out") if isinstance(m, dict) and isinstance(m.get("result"), dict)]
    asked = [sorted(r["inputRequests"]) for r in results if r.get("resultType") == "input_required"]
    assert asked == [["elicitation"], ["roots"], ["sampling"]]
    seen = observed(rep)
    assert seen["elicitation"] == seen["elicitation.form"] == "supported"  # not lost to the refused roots
    assert seen["roots"] == seen["sampling"] == "unsupported"
    assert rep.features["roots"].detail == rep.features["sampling"].detail == {"outcome": "no retry"}


def test_without_input_requests_the_first_call_completes(db: str) -> None:
    """`--no-input-requests`: in the 2026-07-28 era run_scenarios asks for nothing, for a client that stalls on an
    input request; the features that only input requests exercise stay unjudged rather than failed."""
    lines = asyncio.run(session(stdio_server(db, "--no-input-requests"), "auto"))
    rep = only_run(db)
    assert rep.era == "stateless" and lines[0].startswith("Scenarios done")
    results = [m["result"] for m in parsed(rep, "out") if isinstance(m, dict) and isinstance(m.get("result"), dict)]
    assert not [r for r in results if r.get("resultType") == "input_required"]
    calls = [m for m in parsed(rep, "in") if m.get("method") == "tools/call"]
    assert [c["params"]["name"] for c in calls] == ["run_scenarios", "echo"]  # no retry: the first call completed
    for feature in ("stateless.input-requests", "roots", "sampling", "elicitation"):
        assert rep.features[feature].observed == "not-exercised", feature


def test_sdk_falls_back_from_stateless_on_stdio(db: str) -> None:
    asyncio.run(session(stdio_server(db, "--era", "handshake"), "auto"))
    rep = only_run(db)
    methods = [m.get("method") for m in parsed(rep, "in") if isinstance(m, dict)]
    assert methods[:2] == ["server/discover", "initialize"]
    assert rep.era == "handshake" and rep.features["stateless.fallback"].observed == "supported"
    assert_handshake_sdk(rep)


def test_sdk_streamable_http_handshake(db: str) -> None:
    with http_probe(db, *FAST) as base:
        asyncio.run(session(base + "/mcp", "legacy"))
        rep = wait_ended(db, only_run(db).id)
    assert rep.transport == "streamable-http" and rep.close_reason == "client sent DELETE"
    assert_handshake_sdk(rep)
    seen = observed(rep)
    for feature in ("get-stream", "delete", "protocol-version-header"):
        assert seen[f"transport.streamable-http.{feature}"] == "supported", feature
    assert rep.user_agent is not None and rep.user_agent.startswith("python-httpx")


def test_sdk_streamable_http_stateless_and_fallback(db: str, tmp_path: Path) -> None:
    with http_probe(db, *FAST) as base:
        asyncio.run(session(base + "/mcp", "auto"))
    rep = only_run(db)
    assert rep.era == "stateless"
    seen = observed(rep)
    assert seen["stateless.method-headers"] == seen["stateless.input-requests"] == "supported"
    heads = [m.headers or {} for m in rep.messages if m.direction == "in"]
    assert heads[0]["mcp-method"] == "server/discover" and heads[0]["mcp-protocol-version"] == "2026-07-28"

    legacy_db = f"sqlite:///{tmp_path / 'legacy.sqlite3'}"
    with http_probe(legacy_db, *FAST, "--era", "handshake") as base:
        asyncio.run(session(base + "/mcp", "auto"))
        fell_back = wait_ended(legacy_db, only_run(legacy_db).id)  # discover and initialize: one run
    methods = [m.get("method") for m in parsed(fell_back, "in") if isinstance(m, dict)]
    assert methods[:2] == ["server/discover", "initialize"]
    assert fell_back.features["stateless.fallback"].observed == "supported"


def test_sdk_legacy_sse(db: str) -> None:
    with http_probe(db, *FAST) as base:
        asyncio.run(session(sse_client(base + "/sse"), "legacy"))
        rep = wait_ended(db, only_run(db).id)
    assert rep.transport == "sse" and rep.features["transport.sse"].observed == "supported"
    assert_handshake_sdk(rep)


def fastmcp_session(target: Any) -> None:
    from fastmcp import Client as FastClient

    async def go() -> None:
        async with FastClient(target) as client:
            assert "echo" in [tool.name for tool in await client.list_tools()]
            assert (await client.call_tool("echo", {"text": "hi"})).content[0].text == "hi"  # type: ignore[union-attr]

    asyncio.run(go())


def assert_fastmcp(rep: ProbeReport) -> None:
    import fastmcp

    # fastmcp tries the 2026-07-28 era first, declares no client capabilities, opts in to debug logs
    assert (rep.era, rep.protocol_version, rep.capabilities) == ("stateless", "2026-07-28", {})
    assert rep.client_info == {"name": "fastmcp", "version": fastmcp.__version__}
    first = parsed(rep, "in")[0]
    assert first["method"] == "server/discover"
    seen = observed(rep)
    assert seen["logging"] == "supported" and seen["progress"] == "supported"


def test_fastmcp_stdio(db: str) -> None:
    from fastmcp.client.transports import StdioTransport

    fastmcp_session(StdioTransport(command=sys.executable, args=["-m", "canimcp", "probe", "stdio", "--db", db, *FAST]))
    assert_fastmcp(only_run(db))


def test_fastmcp_streamable_http(db: str) -> None:
    with http_probe(db, *FAST) as base:
        fastmcp_session(base + "/mcp")
    rep = only_run(db)
    assert_fastmcp(rep)
    assert rep.features["stateless.method-headers"].observed == "supported"


def test_sdk_does_not_start_over_after_404(db: str) -> None:
    """With the probe forgetting the session id after three POSTs, the SDK client's next calls fail with 404 and
    it never sends a new initialize (what the 2025-11-25 spec asks of it)."""

    async def go() -> list[str]:
        outcomes = []
        async with Client(base + "/mcp", mode="legacy") as client:
            for n in range(3):
                try:
                    await client.call_tool("echo", {"text": str(n)})
                    outcomes.append("ok")
                except Exception as exc:
                    outcomes.append(type(exc).__name__)
        return outcomes

    with http_probe(db, *FAST, "--expire-after", "3") as base:
        outcomes = asyncio.run(go())
    assert "MCPError" in outcomes
    rep = only_run(db)
    assert rep.features["transport.streamable-http.session-expiry"].observed == "unsupported"
    assert [m for m in parsed(rep, "in") if isinstance(m, dict) and m.get("method") == "initialize"] == [
        parsed(rep, "in")[0]
    ]


def test_url_elicitation_page_is_served_and_its_opening_recorded(db: str) -> None:
    """Over HTTP the URL-mode elicitation points at a page of the probe's own; an app that opens it (as its user
    would) shows up in the run. Over stdio there is no server to point at, so nothing is claimed about it."""
    opened: list[int] = []

    async def open_url(ctx: Any, params: Any) -> types.ElicitResult:
        if getattr(params, "mode", None) == "url":
            opened.append(httpx.get(params.url).status_code)
            return types.ElicitResult(action="accept")
        return types.ElicitResult(action="decline")

    async def app(target: Any) -> None:
        async with Client(target, mode="legacy", elicitation_callback=open_url) as client:
            await client.call_tool("run_scenarios", {})

    with http_probe(db, *FAST) as base:
        asyncio.run(app(base + "/mcp"))
        assert httpx.get(base + "/pages/elicitation/cmcp-page-unknown").status_code == 404  # no run gave that out
        rep = wait_ended(db, only_run(db).id)
    assert opened == [200]
    url = rep.features["elicitation.url"]
    expected = {"outcome": "answered", "pageOpened": True, "actions": ["accept"]}
    assert (url.observed, url.detail) == ("supported", expected)
    # the form elicitation in the same session was declined by the same callback
    assert rep.features["elicitation.form"].detail == {"outcome": "answered", "actions": ["decline"]}
    visits = [rep.messages[i] for i in url.evidence if rep.messages[i].page == "elicitation"]
    assert len(visits) == 1 and visits[0].direction == "in" and (visits[0].http or {}).get("method") == "GET"


def test_sdk_has_no_task_methods(db: str) -> None:
    """Tasks with the client as receiver (2025-11-25): the SDK client has no task methods, and its "method not
    found" to the probe's tasks/get answers every part of the feature (test_probe_tasks.py has the rest)."""
    asyncio.run(session(stdio_server(db), "legacy"))
    rep = only_run(db)
    assert rep.negotiated_version == "2025-11-25" and "tasks" not in (rep.capabilities or {})
    judged = {f: (rep.features[f].observed, rep.features[f].detail) for f in TASKS if f != "tasks.list"}
    assert judged == {
        "tasks": ("unsupported", {"outcome": NO_TASK_METHODS}),
        "tasks.cancel": ("unsupported", {"outcome": NO_TASK_METHODS}),
        "tasks.requests.sampling.createMessage": ("unsupported", {"outcome": NO_TASK_METHODS}),
        "tasks.requests.elicitation.create": ("unsupported", {"outcome": NO_TASK_METHODS}),
    }
    get, refused = (json.loads(rep.messages[i].raw) for i in rep.features["tasks"].evidence)
    assert (get["method"], get["params"], refused["error"]["code"]) == ("tasks/get", {"taskId": NO_SUCH_TASK}, -32601)
    assert (rep.features["tasks.list"].observed, rep.features["tasks.list"].detail) == (
        "unsupported",
        {"outcome": "error"},
    )
