"""A plain client on the official Python SDK (mcp 2.x), as its documentation shows it: defaults only.

    python python_sdk_client.py stdio CMD ARGS...   |   python python_sdk_client.py http URL
It connects (the SDK's default `auto` mode tries 2026-07-28 first), lists tools, resources and prompts, calls
the probe's `dropped_stream` when it is listed (2025-11-25 only: is the cut stream resumed?), then stays
connected for a few seconds so the probe can send its requests.
"""

import asyncio
import os
import sys

from mcp import Client, StdioServerParameters

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


async def main() -> None:
    server = StdioServerParameters(command=sys.argv[2], args=sys.argv[3:]) if sys.argv[1] == "stdio" else sys.argv[2]
    async with Client(server) as client:
        tools = await client.list_tools()
        for call in (client.list_resources, client.list_prompts):
            try:
                await call()
            except Exception as exc:  # a server may not offer them; keep going
                print(f"{call.__name__}: {exc}", file=sys.stderr)
        if any(tool.name == "dropped_stream" for tool in tools.tools):
            try:
                await client.call_tool("dropped_stream", {})
            except Exception as exc:
                print(f"dropped_stream: {exc}", file=sys.stderr)
        await asyncio.sleep(HOLD)


asyncio.run(main())
