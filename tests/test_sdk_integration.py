"""canimcp.detect inside servers built on the official `mcp` SDK, driven by the SDK's own client.

The example server (examples/adaptive_server.py) adapts to the client: a reading tool for clients that do not
use resources, and no confirmation prompt for a client that declares elicitation but is known not to answer.
Every client here declares itself through the SDK client (clientInfo, callbacks, extensions), in-process, over
stdio and over Streamable HTTP; both protocol eras (the initialize handshake and 2026-07-28 envelopes) are run.
"""

from __future__ import annotations

import contextlib
import importlib.util
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import anyio
import httpx2
import mcp_types as types
import pytest
import uvicorn
from mcp import Client, StdioServerParameters
from mcp.client import ClientRequestContext, advertise
from mcp.client.streamable_http import streamable_http_client
from mcp.server import MCPServer, Server
from mcp.server.mcpserver import Context

from canimcp import load_kb
from canimcp.detect.sdk import attach_profiles, profile_of
from canimcp.model import KnowledgeBase

from minikb import MiniKB

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "adaptive_server.py"
MODES = ["legacy", "auto"]  # the initialize handshake; 2026-07-28 (in-process: per-request `_meta` envelopes)
OPENCLAW = types.Implementation(name="openclaw-bundle-mcp", version="0.0.0")
CODEX = types.Implementation(name="codex-mcp-client", version="0.171.0")
CONTINUE = types.Implementation(name="continue-cli-client", version="1.0.0")  # Continue's CLI does not read resources
T = TypeVar("T")


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("adaptive_server", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


example = _example()


class Answerer:
    """An elicitation callback (so the SDK client declares elicitation) that records what it was asked."""

    def __init__(self, confirm: bool = True) -> None:
        self.asked: list[str] = []
        self.confirm = confirm

    async def __call__(self, context: ClientRequestContext, params: types.ElicitRequestParams) -> types.ElicitResult:
        self.asked.append(params.message)
        return types.ElicitResult(action="accept", content={"confirm": self.confirm})


def run(test: Callable[[], Awaitable[None]]) -> None:
    in_own_loop(test)


def in_own_loop(fn: Callable[..., Awaitable[T]], *args: Any) -> T:
    """anyio.run on a thread of its own: a session fixture elsewhere (sync Playwright) may keep an event loop
    running on the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(anyio.run, fn, *args).result()


async def tool_names(client: Client) -> list[str]:
    return sorted(t.name for t in (await client.list_tools()).tools)


async def note_names(client: Client) -> list[str]:
    return sorted(r.name for r in (await client.list_resources()).resources)


def text_of(result: types.CallToolResult) -> str:
    block = result.content[0]
    assert isinstance(block, types.TextContent)
    return block.text


@pytest.mark.parametrize("mode", MODES)
def test_a_client_that_does_not_use_resources_gets_a_reading_tool(mode: str) -> None:
    async def go() -> None:
        async with Client(example.create_server(), mode=mode, client_info=CONTINUE) as client:
            assert await tool_names(client) == ["delete_note", "read_resource"]
            read = await client.call_tool("read_resource", {"uri": "notes://release-plan"})
            assert not read.is_error and text_of(read) == example.NOTES["release-plan"]
        async with Client(example.create_server(), mode=mode, client_info=CODEX) as client:
            assert await tool_names(client) == ["delete_note"]  # codex reads resources itself

    run(go)


@pytest.mark.parametrize("mode", MODES)
def test_no_prompt_for_a_client_that_declares_elicitation_but_does_not_answer(mode: str) -> None:
    answerer = Answerer()

    async def go() -> None:
        server = example.create_server()
        async with Client(server, mode=mode, client_info=OPENCLAW, elicitation_callback=answerer) as client:
            tool = next(t for t in (await client.list_tools()).tools if t.name == "delete_note")
            assert "confirm: true" in (tool.description or "")
            refused = await client.call_tool("delete_note", {"name": "welcome"})
            assert refused.is_error and "pass confirm: true" in text_of(refused)
            assert "welcome" in await note_names(client)
            done = await client.call_tool("delete_note", {"name": "welcome", "confirm": True})
            assert text_of(done) == "deleted welcome"
            assert "welcome" not in await note_names(client)

    run(go)
    assert answerer.asked == []  # it declared elicitation, but the knowledge base says it never answers


@pytest.mark.parametrize("mode", MODES)
def test_a_client_known_to_answer_is_asked(mode: str) -> None:
    answerer = Answerer()

    async def go() -> None:
        async with Client(example.create_server(), mode=mode, client_info=CODEX, elicitation_callback=answerer) as c:
            done = await c.call_tool("delete_note", {"name": "welcome"})
            assert not done.is_error and text_of(done) == "deleted welcome"
            assert "welcome" not in await note_names(c)

    run(go)
    assert answerer.asked == ["Delete the note 'welcome'?"]


def test_the_answer_decides() -> None:
    answerer = Answerer(confirm=False)

    async def go() -> None:
        async with Client(
            example.create_server(), mode="legacy", client_info=CODEX, elicitation_callback=answerer
        ) as c:
            kept = await c.call_tool("delete_note", {"name": "welcome"})
            assert text_of(kept) == "kept welcome: not confirmed" and "welcome" in await note_names(c)

    run(go)
    assert len(answerer.asked) == 1


@pytest.mark.parametrize("mode", MODES)
def test_an_unknown_client_is_taken_at_its_declaration(mode: str) -> None:
    unknown = types.Implementation(name="someones-own-client", version="1.0")
    answerer = Answerer()

    async def go() -> None:
        async with Client(example.create_server(), mode=mode, client_info=unknown, elicitation_callback=answerer) as c:
            assert await tool_names(c) == ["delete_note", "read_resource"]  # not known to use resources
            assert text_of(await c.call_tool("delete_note", {"name": "welcome"})) == "deleted welcome"
        async with Client(example.create_server(), mode=mode, client_info=unknown) as c:  # declares no elicitation
            refused = await c.call_tool("delete_note", {"name": "welcome"})
            assert refused.is_error and "pass confirm: true" in text_of(refused)

    run(go)
    assert len(answerer.asked) == 1


def test_over_stdio_two_clients_see_two_servers() -> None:
    params = StdioServerParameters(command=sys.executable, args=[str(EXAMPLE)])

    async def go() -> None:
        async with Client(params, mode="legacy", client_info=CONTINUE) as client:
            assert await tool_names(client) == ["delete_note", "read_resource"]
        answerer = Answerer()
        async with Client(params, mode="legacy", client_info=CODEX, elicitation_callback=answerer) as client:
            assert await tool_names(client) == ["delete_note"]
            assert text_of(await client.call_tool("delete_note", {"name": "release-plan"})) == "deleted release-plan"
        assert len(answerer.asked) == 1

    run(go)


@contextlib.contextmanager
def serving(app: Any) -> Iterator[str]:
    """A real uvicorn server on a free loopback port, in a thread; yields its base URL."""
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(20)


def test_over_http_the_user_agent_names_a_client_its_clientinfo_does_not() -> None:
    wrapper = types.Implementation(name="some-wrapper", version="2.0")  # not in the knowledge base

    async def tools_seen(url: str, headers: dict[str, str]) -> list[str]:
        async with httpx2.AsyncClient(headers=headers) as http:
            transport = streamable_http_client(url, http_client=http)
            async with Client(transport, mode="legacy", client_info=wrapper) as client:
                return await tool_names(client)

    async def go(url: str) -> None:
        assert await tools_seen(url, {}) == ["delete_note", "read_resource"]
        codex_agent = {"User-Agent": "codex-mcp-client/0.171.0 (Linux; x86_64)"}
        assert await tools_seen(url, codex_agent) == ["delete_note"]

    with serving(example.create_server().streamable_http_app()) as base:
        in_own_loop(go, base + "/mcp")


def _whoami_server(*, attach: bool, kb: KnowledgeBase | None = None) -> MCPServer:
    server = MCPServer("whoami")
    if attach:
        attach_profiles(server, kb or load_kb())

    @server.tool()
    async def whoami(ctx: Context) -> dict[str, Any]:
        profile = profile_of(ctx)
        support = {}
        for feature in ("elicitation.form", "extensions.io.modelcontextprotocol/ui"):
            with contextlib.suppress(ValueError):  # a feature this knowledge base does not have
                s = profile.support(feature)
                support[feature] = {"state": s.state, "basis": s.basis, "evidence": s.evidence}
        return {**profile.as_dict(), "support": support}

    return server


async def _whoami(server: MCPServer | Server[Any], mode: str, **client: Any) -> dict[str, Any]:
    async with Client(server, mode=mode, **client) as c:
        result = await c.call_tool("whoami", {})
        assert not result.is_error and result.structured_content is not None
        return dict(result.structured_content)


@pytest.mark.parametrize("mode", MODES)
def test_mcpserver_tools_read_the_profile(mode: str) -> None:
    async def go() -> None:
        server = _whoami_server(attach=True)
        claw = await _whoami(server, mode, client_info=OPENCLAW, elicitation_callback=Answerer())
        assert (claw["client"], claw["surface"], claw["era"]) == (
            "openclaw",
            "agent-runtime",
            "handshake" if mode == "legacy" else "stateless",
        )
        form = claw["support"]["elicitation.form"]
        assert form["state"] == "no" and form["basis"] == "declared, but known not to work" and form["evidence"]
        codex = await _whoami(server, mode, client_info=CODEX, elicitation_callback=Answerer())
        assert codex["client"] == "codex" and codex["support"]["elicitation.form"]["state"] == "yes"

    run(go)


@pytest.mark.parametrize("mode", MODES)
def test_a_declared_extension_reaches_detect(mode: str) -> None:
    """OpenClaw declares MCP Apps only with mcp.apps.enabled=true: seeing the declaration, the profile says yes."""
    ui = "io.modelcontextprotocol/ui"

    async def go() -> None:
        server = _whoami_server(attach=True)
        plain = await _whoami(server, mode, client_info=OPENCLAW)
        assert plain["support"]["extensions." + ui]["state"] == "no"
        apps = await _whoami(server, mode, client_info=OPENCLAW, extensions=[advertise(ui, {"mimeTypes": ["x"]})])
        assert apps["support"]["extensions." + ui]["state"] == "yes"

    run(go)


@pytest.mark.parametrize("mode", MODES)
def test_the_middleware_profiles_with_the_knowledge_base_it_was_given(mini: MiniKB, mode: str) -> None:
    alpha = types.Implementation(name="alpha-mcp-client", version="1.5.0")

    async def go() -> None:
        me = await _whoami(_whoami_server(attach=True, kb=load_kb(mini.root)), mode, client_info=alpha)
        assert (me["client"], me["surface"], me["release"]) == ("alpha", "runtime", "1.5.0")
        bundled = await _whoami(_whoami_server(attach=False), mode, client_info=alpha)
        assert bundled["client"] is None  # the fallback knows only the bundled knowledge base

    run(go)


def test_without_the_middleware_the_profile_comes_from_what_the_sdk_kept() -> None:
    async def go() -> None:
        me = await _whoami(_whoami_server(attach=False), "legacy", client_info=CODEX, elicitation_callback=Answerer())
        assert (me["client"], me["release"]) == ("codex", "0.171.0")
        assert me["support"]["elicitation.form"]["state"] == "yes"

    run(go)


def test_a_hostile_clientinfo_is_profiled_as_malformed_and_served() -> None:
    hostile = types.Implementation(name="<script>alert(1)</script>" * 1000, version="1")

    async def go() -> None:
        server = _whoami_server(attach=True)
        me = await _whoami(server, "legacy", client_info=hostile)
        assert me["client"] is None and any("clientInfo.name" in m for m in me["malformed"])
        again = await _whoami(server, "legacy", client_info=CODEX)  # the server is still there for the next one
        assert again["client"] == "codex"

    run(go)
