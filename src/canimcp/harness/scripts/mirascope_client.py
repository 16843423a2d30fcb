"""A plain client on Mirascope's MCP client, as its documentation shows it: `llm.mcp.stdio_client`,
`streamable_http_client` or `sse_client` connects and gives an `MCPClient`, whose `list_tools()` gives the tools a
call can use.

python mirascope_client.py stdio CMD ARGS...   |   python mirascope_client.py http|sse URL
The script lists the tools, calls the probe's `run_scenarios` the way a call's tools are run (the tool itself, which
gives back what the model would read), up to four times until one reads as done, stays a while, and leaves. No agent
run: that would need a model.
"""

import asyncio
import os
import sys
from contextlib import AbstractAsyncContextManager
from typing import Any

from mcp import StdioServerParameters
from mirascope import llm
from scenario_calls import call_until_done  # shipped beside this script

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def connect() -> AbstractAsyncContextManager[Any]:
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "stdio":
        return llm.mcp.stdio_client(StdioServerParameters(command=target[0], args=target[1:]))
    return llm.mcp.sse_client(target[0]) if kind == "sse" else llm.mcp.streamable_http_client(target[0])


async def main() -> None:
    async with connect() as client:
        tools = {tool.name: tool for tool in await client.list_tools()}
        if "run_scenarios" in tools:
            await call_until_done(tools["run_scenarios"])
        await asyncio.sleep(HOLD)


if __name__ == "__main__":
    asyncio.run(main())
