"""The knowledge base server over a data directory that changes (as under `canimcp serve`), and over a broken one."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import anyio
import mcp_types as types
from mcp import Client

from canimcp.kbmcp import LiveKB, create_kb_server

from minikb import MiniKB

T = TypeVar("T")
NEW_NOTE = (
    "research/alpha-roots.md",
    "Alpha declares roots and answers roots/list.",
    "Alpha declares roots, answers roots/list, and re-reads them on listChanged.",
)


def in_own_loop(fn: Callable[..., Awaitable[T]], *args: Any) -> T:
    """anyio.run on a thread of its own: a session fixture elsewhere (sync Playwright) may keep an event loop
    running on the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(anyio.run, fn, *args).result()


async def _uris(client: Client) -> set[str]:
    return {str(r.uri) for r in (await client.list_resources()).resources}


async def _text(result: types.CallToolResult) -> str:
    block = result.content[0]
    assert isinstance(block, types.TextContent)
    return block.text


def test_an_edit_is_served_without_a_restart(mini: MiniKB) -> None:
    server = create_kb_server(LiveKB(mini.root, interval=0))

    async def go() -> None:
        async with Client(server, mode="legacy") as client:
            assert "canimcp://clients/alpha" in await _uris(client)
            found = await client.call_tool("search_research", {"query": "listChanged"})
            assert found.structured_content == {"query": "listChanged", "notes": []}
            mini.edit(*NEW_NOTE)
            found = await client.call_tool("search_research", {"query": "listChanged"})
            assert [n["id"] for n in (found.structured_content or {})["notes"]] == ["alpha-roots"]
            page = (await client.read_resource("canimcp://research/alpha-roots")).contents[0]
            assert isinstance(page, types.TextResourceContents) and "listChanged" in page.text

    in_own_loop(go)


def test_a_broken_edit_keeps_the_last_good_knowledge_base(mini: MiniKB) -> None:
    live = LiveKB(mini.root, interval=0)
    server = create_kb_server(live)

    async def go() -> None:
        async with Client(server, mode="legacy") as client:
            mini.write("clients/alpha.md", "---\nid: [unclosed\n---\n")
            result = await client.call_tool("can", {"client": "alpha", "feature": "roots"})
            assert not result.is_error and (result.structured_content or {})["client"] == "alpha"
            assert live.errors and "clients/alpha.md" in live.errors[0]

    in_own_loop(go)


def test_a_knowledge_base_that_never_loaded_is_an_error_not_a_crash(mini: MiniKB) -> None:
    good = (mini.root / "clients" / "alpha.md").read_text()
    mini.write("clients/alpha.md", "---\nid: [unclosed\n---\n")
    server = create_kb_server(LiveKB(mini.root, interval=0))

    async def go() -> None:
        async with Client(server, mode="legacy") as client:
            failed = await client.call_tool("can", {"client": "alpha", "feature": "roots"})
            assert failed.is_error and "the knowledge base has 1 error" in await _text(failed)
            mini.write("clients/alpha.md", good)  # fixed: served from the next call on
            result = await client.call_tool("can", {"client": "alpha", "feature": "roots"})
            assert not result.is_error and (result.structured_content or {})["client"] == "alpha"

    in_own_loop(go)


def test_canimcp_mcp_refuses_a_broken_knowledge_base(mini: MiniKB) -> None:
    mini.write("clients/alpha.md", "---\nid: [unclosed\n---\n")
    done = subprocess.run(
        [sys.executable, "-m", "canimcp", "mcp", "--data", str(mini.root)],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 1 and "clients/alpha.md" in done.stderr and done.stdout == ""
