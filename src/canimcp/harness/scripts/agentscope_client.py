"""A plain client on AgentScope's MCP client, as its documentation shows it: defaults only.

python agentscope_client.py stdio CMD ARGS...   |   python agentscope_client.py http|sse URL
`MCPClient` with `is_stateful=True` (stdio must be stateful; the script keeps HTTP the same, so that one session
holds every call) and a `StdioMCPConfig` or an `HttpMCPConfig`, which takes the legacy HTTP+SSE transport for a URL
whose path ends in `/sse`. The script connects, lists the tools, calls the probe's `dropped_stream` where the probe
lists it (from 2025-03-26: is the stream the probe cut resumed?), its `run_scenarios` through the `MCPTool`
AgentScope makes of it (again after a failed call, at most four times, as the sibling scripts do), then the tools of
late_calls.py that are listed, stays connected for a few seconds so the probe can send its requests and
notifications, and closes. No agent run: that would need a model.
"""

import asyncio
import os
import sys
from typing import Any

from agentscope.mcp import HttpMCPConfig, MCPClient, StdioMCPConfig
from late_calls import call_late  # beside this script (the recipe's script_helpers)

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
CUT_STREAM_WAIT = 20.0  # a client that does not resume the cut stream would wait for the answer until its own timeout


def config() -> StdioMCPConfig | HttpMCPConfig:
    if sys.argv[1] == "stdio":
        return StdioMCPConfig(command=sys.argv[2], args=sys.argv[3:])
    return HttpMCPConfig(url=sys.argv[2])  # .../sse: the legacy transport, by the URL's path


async def main() -> None:
    client = MCPClient(name="probe", is_stateful=True, mcp_config=config())
    await client.connect()

    async def call(name: str, arguments: dict[str, Any]) -> None:
        tool = await client.get_tool(name)
        print(f"{name}: {await tool.call(**arguments)}", file=sys.stderr)

    try:
        listed = {tool.name for tool in await client.list_raw_tools()}
        if "dropped_stream" in listed:
            try:
                await asyncio.wait_for(call("dropped_stream", {}), CUT_STREAM_WAIT)
            except Exception as exc:
                print(f"dropped_stream: {exc!r}", file=sys.stderr)
        if "run_scenarios" in listed:
            for _ in range(4):
                try:
                    await call("run_scenarios", {})
                    break
                except Exception as exc:  # what it does with the probe's requests is on record either way
                    print(f"run_scenarios: {exc!r}", file=sys.stderr)
        await call_late(call, listed)
        await asyncio.sleep(HOLD)
    finally:
        await client.close()


asyncio.run(main())
