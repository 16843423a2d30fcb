"""A plain client on BeeAI Framework's `MCPTool`, as its documentation shows it: the app opens one of the MCP SDK's
transports and `MCPTool.from_client` makes a session on it and gives back the server's tools.

python beeai_framework_client.py stdio CMD ARGS...   |   python beeai_framework_client.py http|sse URL
The transport is the SDK's `stdio_client`, `streamable_http_client` or `sse_client`. The script calls the probe's
`run_scenarios` the way an agent does (the tool's `run`, whose output's text is what the model would read), up to
four times until one reads as done, stays a while, and leaves. No agent run: that would need a model.
"""

import asyncio
import os
import sys
from typing import Any

from beeai_framework.tools.mcp import MCPTool
from mcp import StdioServerParameters
from mcp.client.sse import sse_client
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from scenario_calls import call_until_done  # shipped beside this script

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def transport() -> Any:
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "stdio":
        return stdio_client(StdioServerParameters(command=target[0], args=target[1:]))
    return sse_client(target[0]) if kind == "sse" else streamable_http_client(target[0])


async def main() -> None:
    tools = {tool.name: tool for tool in await MCPTool.from_client(transport())}

    async def run_scenarios() -> str:
        try:
            return (await tools["run_scenarios"].run({})).get_text_content()
        except Exception as error:  # an error result is raised as a ToolError, which an agent hands the model
            return str(error)

    if "run_scenarios" in tools:
        await call_until_done(run_scenarios)
    await asyncio.sleep(HOLD)


if __name__ == "__main__":
    asyncio.run(main())
