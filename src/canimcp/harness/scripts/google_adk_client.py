"""A plain client on Google ADK's MCP toolset, as its documentation shows it: defaults only.

python google_adk_client.py stdio CMD ARGS...   |   python google_adk_client.py http|sse URL
`McpToolset` (`MCPToolset` in early releases) with `StdioConnectionParams` around the Python SDK's
`StdioServerParameters`, `StreamableHTTPConnectionParams` for a URL, or `SseConnectionParams` for the legacy
HTTP+SSE transport. It asks the toolset for its tools (which
connects), runs the probe's `run_scenarios` tool the way an agent would (`run_async`, with the tool context of an
invocation whose agent never runs; no model), again after each failure up to four times (in the 2026-07-28 era the
probe asks for what was not declared one round at a time and a refusal ends the call; ADK reports a failed call as
a result with an `error` key rather than raising), stays connected for a few seconds so the probe can send its
requests, and closes the toolset.
"""

import asyncio
import os
import sys
from typing import Any

from google.adk.agents import LlmAgent
from google.adk.agents.invocation_context import InvocationContext
from google.adk.sessions import InMemorySessionService
from google.adk.tools.mcp_tool import mcp_toolset
from google.adk.tools.tool_context import ToolContext
from mcp import StdioServerParameters

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
Toolset: Any = getattr(mcp_toolset, "McpToolset", None) or mcp_toolset.MCPToolset


def toolset() -> Any:
    from google.adk.tools.mcp_tool.mcp_session_manager import (
        SseConnectionParams,
        StdioConnectionParams,
        StreamableHTTPConnectionParams,
    )

    if sys.argv[1] == "stdio":
        server = StdioServerParameters(command=sys.argv[2], args=sys.argv[3:])
        return Toolset(connection_params=StdioConnectionParams(server_params=server))
    if sys.argv[1] == "sse":
        return Toolset(connection_params=SseConnectionParams(url=sys.argv[2]))
    return Toolset(connection_params=StreamableHTTPConnectionParams(url=sys.argv[2]))


async def tool_context() -> Any:
    sessions = InMemorySessionService()
    session = await sessions.create_session(app_name="canimcp", user_id="probe")
    agent = LlmAgent(name="probe")  # never run: 1.x invocations require an agent, 2.x take one
    invocation = InvocationContext(session_service=sessions, invocation_id="probe", agent=agent, session=session)
    return ToolContext(invocation)


async def main() -> None:
    tools = toolset()
    try:
        listed = await tools.get_tools()
        run = next((tool for tool in listed if tool.name == "run_scenarios"), None)
        if run is not None:
            context = await tool_context()
            for _ in range(4):  # at most one round each for roots, sampling and elicitation, then it completes
                try:
                    result = await run.run_async(args={}, tool_context=context)
                except Exception as exc:  # what it does with input requests it cannot answer is on record
                    print(f"run_scenarios: {exc}", file=sys.stderr)
                    continue
                if not (isinstance(result, dict) and ("error" in result or result.get("isError"))):
                    break
                print(f"run_scenarios: {result}", file=sys.stderr)
        await asyncio.sleep(HOLD)
    finally:
        await tools.close()


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
