"""The knowledge base as an MCP server, driven by the official SDK client: in-process, over stdio
(`python -m canimcp mcp`) and over Streamable HTTP at /kb/mcp of a running `canimcp serve`.
Every expectation is worked out from the bundled knowledge base, not written down."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import anyio
import httpx
import jsonschema
import mcp_types as types
import pytest
from mcp import Client, MCPError, StdioServerParameters

from canimcp import load_kb
from canimcp.detect.answer import answer
from canimcp.kb.verdict import verdict
from canimcp.kbmcp import create_kb_server
from canimcp.model import KnowledgeBase
from canimcp.site.twins import client_twin, feature_twin
from canimcp.site.views import Views
from loopback import free_port

Connect = Callable[[], Client]
TRANSPORTS = ["memory", "stdio", "http-legacy", "http-2026"]
T = TypeVar("T")


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_kb()


@pytest.fixture(scope="module")
def serve_url() -> Iterator[str]:
    """`canimcp serve` as a user starts it, on a free loopback port."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "canimcp", "serve", "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else "serve exited"
            assert time.monotonic() < deadline, "canimcp serve did not come up"
            try:
                if httpx.get(base + "/", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(20)


@pytest.fixture(params=TRANSPORTS)
def connect(request: pytest.FixtureRequest) -> Connect:
    kind = request.param
    if kind == "memory":
        server = create_kb_server()
        return lambda: Client(server, mode="legacy")
    if kind == "stdio":
        params = StdioServerParameters(command=sys.executable, args=["-m", "canimcp", "mcp"])
        return lambda: Client(params, mode="legacy")
    url = request.getfixturevalue("serve_url") + "/kb/mcp"
    return lambda: Client(url, mode="legacy" if kind == "http-legacy" else "auto")


def run(connect: Connect, body: Callable[[Client], Awaitable[None]]) -> None:
    async def go() -> None:
        async with connect() as client:
            await body(client)

    in_own_loop(go)


def in_own_loop(fn: Callable[..., Awaitable[T]], *args: Any) -> T:
    """anyio.run on a thread of its own: a session fixture elsewhere (sync Playwright) may keep an event loop
    running on the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(anyio.run, fn, *args).result()


async def call(client: Client, tool: str, /, **arguments: Any) -> dict[str, Any]:
    """Call a tool; its structured result must match the tool's outputSchema."""
    schema = next(t.output_schema for t in (await client.list_tools()).tools if t.name == tool)
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None and schema is not None
    jsonschema.validate(result.structured_content, schema)
    return dict(result.structured_content)


async def error_of(client: Client, tool: str, /, **arguments: Any) -> str:
    result = await client.call_tool(tool, arguments)
    assert result.is_error and result.structured_content is None
    block = result.content[0]
    assert isinstance(block, types.TextContent)
    return block.text


def test_tools_have_output_schemas(connect: Connect) -> None:
    async def body(client: Client) -> None:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert set(tools) == {"can", "which_clients_support", "client_profile", "search_research"}
        for tool in tools.values():
            assert tool.output_schema and tool.output_schema.get("type") == "object", tool.name
            assert tool.annotations is not None and tool.annotations.read_only_hint
        assert tools["can"].input_schema["required"] == ["client", "feature"]

    run(connect, body)


def test_can_answers_as_the_command_does(connect: Connect, kb: KnowledgeBase) -> None:
    ui = "extensions.io.modelcontextprotocol/ui"

    async def body(client: Client) -> None:
        got = await call(client, "can", client="openclaw", feature=ui)
        assert got["state"] == "yes" and got["default"] == "no"
        assert "yes, only with mcp.apps.enabled=true" in got["answer"]
        expected = answer(kb, "openclaw", ui).as_dict()
        assert {k: got[k] for k in expected} == expected
        by_info_name = await call(
            client, "can", client="codex-mcp-client", feature="elicitation.form", version="0.171.0"
        )
        assert by_info_name["client"] == "codex" and by_info_name["version"] == "0.171.0"
        assert by_info_name["state"] == answer(kb, "codex", "elicitation.form", version="0.171.0").state

    run(connect, body)


def test_which_clients_support(connect: Connect, kb: KnowledgeBase) -> None:
    async def body(client: Client) -> None:
        got = await call(client, "which_clients_support", feature="elicitation.form")
        states = {c.id: answer(kb, c.id, "elicitation.form").state for c in kb.clients.values()}
        assert {row["client"]: row["state"] for row in got["clients"]} == states
        assert sorted(got["supported"]) == sorted(c for c, s in states.items() if s in ("yes", "partial"))
        assert got["supported"], "the bundled knowledge base has clients that support form elicitation"
        ranks = [["yes", "partial", "no", "unknown"].index(row["state"]) for row in got["clients"]]
        assert ranks == sorted(ranks)
        old = await call(client, "which_clients_support", feature="elicitation.form", revision="2025-03-26")
        assert old["inRevision"] is False and old["supported"] == []

    run(connect, body)


def test_client_profile(connect: Connect, kb: KnowledgeBase) -> None:
    codex = kb.clients["codex"]

    async def body(client: Client) -> None:
        got = await call(client, "client_profile", client="codex-mcp-client")
        assert got["client"] == "codex" and got["title"] == codex.title
        assert {e["name"] for e in got["clientInfo"]} == {c.name for c in codex.client_info}
        assert [s["id"] for s in got["surfaces"]] == [s.id for s in codex.surfaces]
        covered = {f for f in kb.features if kb.statements("codex", f)}
        assert {row["feature"] for row in got["support"]} == covered
        assert set(got["unknown"]) == set(kb.features) - covered
        for row in got["support"]:
            assert row["state"] == verdict(kb.statements("codex", row["feature"]), codex).state
        old = await call(client, "client_profile", client="codex", version="0.50.0")
        states = {row["feature"]: row["state"] for row in old["support"]}
        assert states["elicitation"] == verdict(kb.statements("codex", "elicitation"), codex, version="0.50.0").state
        assert got["uri"] == "canimcp://clients/codex"

    run(connect, body)


def test_search_research(connect: Connect, kb: KnowledgeBase) -> None:
    about_openclaw = {n.id for n in kb.notes_about_client("openclaw")}

    async def body(client: Client) -> None:
        got = await call(client, "search_research", query="openclaw MCP Apps")
        assert got["notes"] and got["notes"][0]["id"] in about_openclaw
        top = got["notes"][0]
        assert top["uri"] == f"canimcp://research/{top['id']}" and top["url"] == f"/research/{top['id']}"
        assert [n["score"] for n in got["notes"]] == sorted((n["score"] for n in got["notes"]), reverse=True)
        assert (await call(client, "search_research", query="zzqx-nothing-matches"))["notes"] == []
        assert len((await call(client, "search_research", query="client", limit=1))["notes"]) == 1

    run(connect, body)


def test_bad_input_is_a_tool_error_with_a_suggestion(connect: Connect) -> None:
    async def body(client: Client) -> None:
        assert "unknown client 'opnclaw'; did you mean" in await error_of(
            client, "can", client="opnclaw", feature="tools"
        )
        assert "did you mean 'elicitation.form'" in await error_of(
            client, "can", client="codex", feature="elicitation.frm"
        )
        assert "unknown revision" in await error_of(
            client, "which_clients_support", feature="tools", revision="2025-13-01"
        )
        assert "nothing to search for" in await error_of(client, "search_research", query=" ?! ")
        assert "unknown client" in await error_of(client, "client_profile", client="<script>x</script>")
        huge = await error_of(client, "can", client="x" * 1_000_000, feature="tools")
        assert "at most 200 characters" in huge and len(huge) < 2000
        still = await call(client, "can", client="openclaw", feature="tools")  # the server is still there
        assert still["client"] == "openclaw"

    run(connect, body)


def test_every_page_is_a_resource(connect: Connect, kb: KnowledgeBase) -> None:
    views = Views(kb)

    async def read(client: Client, uri: str) -> str:
        contents = (await client.read_resource(uri)).contents
        assert len(contents) == 1 and contents[0].mime_type == "text/markdown"
        assert isinstance(contents[0], types.TextResourceContents)
        return contents[0].text

    async def body(client: Client) -> None:
        listed = {str(r.uri) for r in (await client.list_resources()).resources}
        expected = {f"canimcp://research/{n}" for n in kb.notes}
        expected |= {f"canimcp://clients/{c}" for c in kb.clients}
        expected |= {f"canimcp://features/{f}" for f in kb.features}
        assert listed == expected
        note = next(iter(kb.notes))
        assert await read(client, f"canimcp://research/{note}") == (kb.root / "research" / f"{note}.md").read_text()
        assert await read(client, "canimcp://clients/openclaw") == client_twin(views, kb.clients["openclaw"])
        ui = "extensions.io.modelcontextprotocol/ui"
        assert await read(client, f"canimcp://features/{ui}") == feature_twin(views, kb.features[ui])
        templates = {t.uri_template for t in (await client.list_resource_templates()).resource_templates}
        assert templates == {f"canimcp://{k}/{{+id}}" for k in ("research", "clients", "features")}
        with pytest.raises(MCPError, match="no such page"):
            await client.read_resource("canimcp://clients/nobody")

    run(connect, body)


def test_the_site_is_still_served_beside_the_mcp_endpoint(serve_url: str, kb: KnowledgeBase) -> None:
    note = next(iter(kb.notes))
    page = httpx.get(f"{serve_url}/research/{note}")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]


def test_garbage_at_the_endpoint_gets_a_json_rpc_error(serve_url: str) -> None:
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    reply = httpx.post(
        f"{serve_url}/kb/mcp", content=b'{"jsonrpc": "2.0", "id": 1, "method": <script>', headers=headers
    )
    assert reply.status_code == 400 and reply.json()["error"]["code"] == types.PARSE_ERROR
    assert httpx.get(serve_url + "/").status_code == 200  # still up
