"""The official Python SDK (`mcp`) as an app that keeps its lists fresh: list tools, prompts and resources, then listen
for their changes (`Client.listen`, 2026-07-28) and list each kind again on its event.

    python py_listen_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

Prints one line per kind listed again, and exits once all three were (or after 10 s)."""

from __future__ import annotations

import asyncio
import sys

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.subscriptions import PromptsListChanged, ResourcesListChanged, ToolsListChanged


async def main(command: str, *args: str) -> None:
    async with Client(StdioServerParameters(command=command, args=list(args)), mode="auto") as client:
        await client.list_tools()
        await client.list_prompts()
        await client.list_resources()
        relist = {
            ToolsListChanged: client.list_tools,
            PromptsListChanged: client.list_prompts,
            ResourcesListChanged: client.list_resources,
        }
        seen: set[str] = set()
        flags = {"tools_list_changed": True, "prompts_list_changed": True, "resources_list_changed": True}
        with anyio.fail_after(10):
            async with client.listen(**flags) as sub:
                async for event in sub:
                    await relist[type(event)]()
                    seen.add(type(event).__name__)
                    print("listed again after", type(event).__name__, flush=True)
                    if len(seen) == len(relist):
                        break


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
