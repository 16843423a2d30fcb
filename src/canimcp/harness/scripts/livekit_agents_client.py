"""A plain client on LiveKit Agents' MCP servers, used the way its agents use them: defaults only.

python livekit_agents_client.py stdio CMD ARGS...   |   python livekit_agents_client.py http|sse URL
LiveKit Agents (`livekit.agents.llm.mcp`) describes a server as `MCPServerStdio(command=..., args=[...])` or
`MCPServerHTTP(url=...)`, which picks Streamable HTTP for a URL whose path ends in `/mcp` and the legacy HTTP+SSE
transport otherwise (the probe's `/sse`). An agent wraps each server in an `MCPToolset` (what `mcp_servers=` does,
and what the documentation now asks for in an Agent's `tools`), whose `setup()` connects, initializes and lists the
tools as LiveKit function tools. This script does the same, then calls the probe's `run_scenarios` through its tool
until a result reads as done (at most four calls), then the probe's tools of one era, and prints for each what the
agent would hand its model (`make_function_call_output`: a `ToolError` message, or "An internal error occurred"
for any other exception). It stays connected for a few seconds so the probe can send its requests, and closes the
toolset. No agent run: that would need a model (the agent script runs one).
"""

import asyncio
import os
import sys
from typing import Any

from late_calls import call_late  # beside this script (the recipe's script_helpers)
from livekit.agents import llm
from livekit.agents.llm import mcp
from livekit.agents.llm.utils import make_function_call_output
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def server() -> mcp.MCPServer:
    """The MCP server for the probe on the command line (the agent script connects the same way)."""
    if sys.argv[1] == "stdio":
        return mcp.MCPServerStdio(command=sys.argv[2], args=sys.argv[3:])
    return mcp.MCPServerHTTP(url=sys.argv[2])  # /mcp: Streamable HTTP; /sse: the legacy transport


async def main() -> None:
    toolset = mcp.MCPToolset(id="probe", mcp_server=server())
    await toolset.setup()
    try:
        tools = {tool.info.name: tool for tool in toolset.tools if isinstance(tool, mcp.MCPTool)}
        count = 0

        async def call(name: str, arguments: dict[str, Any]) -> str:
            nonlocal count
            count += 1
            fnc_call = llm.FunctionCall(call_id=f"call_{count}", name=name, arguments="{}")
            try:
                output, error = await tools[name](arguments), None
            except Exception as exc:  # the agent turns any failure of a tool into the output below
                output, error = None, exc
            seen = make_function_call_output(fnc_call=fnc_call, output=output, exception=error).fnc_call_out
            text = f"{'error: ' if seen.is_error else ''}{seen.output}"
            print(f"{name}: {text[:300]}", file=sys.stderr)
            return text

        if "run_scenarios" in tools:
            await call_until_done(lambda: call("run_scenarios", {}))
        await call_late(call, set(tools))
        await asyncio.sleep(HOLD)
    finally:
        await toolset.aclose()


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
