"""A plain client on Marvin's MCP support, used the way its agents use it: defaults only.

python marvin_client.py stdio CMD ARGS...   |   python marvin_client.py http|sse URL
Marvin's MCP guide hands a `marvin.Agent` Pydantic AI's server classes in `mcp_servers`: `MCPServerStdio(command=...,
args=[...])`, and, as instances of the same `MCPServer` base that the guide asks for, `MCPServerStreamableHTTP(url)`
or `MCPServerSSE(url)` for the legacy HTTP+SSE transport (Pydantic AI 1.x classes on the official Python SDK; 2.x
removed them, and Marvin 3.2.7 cannot even be imported beside 2.x). When the agent runs, Marvin's own
`manage_mcp_servers` starts the agent's servers (an stdio server gets the whole environment of the process) and the
agent's Pydantic AI run gets them as toolsets. This script starts them with that same manager, lists each server's
tools, calls the probe's `run_scenarios` with the server's `direct_call_tool` (what its toolset's `call_tool` does
when no prefix or hook is set) until a result reads as done (at most four calls; a failed call raises Pydantic AI's
`ModelRetry`, whose message is what a model would read), then the probe's tools of one era, stays connected for a
few seconds so the probe can send its requests, and stops the servers as the agent's run does on leaving. No agent
run: that would need a model (the agent script runs one).
"""

import asyncio
import os
import sys
from typing import Any

import marvin
from late_calls import call_late  # beside this script (the recipe's script_helpers)
from marvin._internal.integrations.mcp import cleanup_thread_mcp_servers, manage_mcp_servers
from pydantic_ai.exceptions import ModelRetry
from pydantic_ai.mcp import MCPServerSSE, MCPServerStdio, MCPServerStreamableHTTP
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def server() -> Any:
    """The probe on the command line as a Pydantic AI 1.x server (the agent script connects the same way)."""
    if sys.argv[1] == "stdio":
        return MCPServerStdio(command=sys.argv[2], args=sys.argv[3:])
    if sys.argv[1] == "sse":
        return MCPServerSSE(sys.argv[2])
    return MCPServerStreamableHTTP(sys.argv[2])


async def main() -> None:
    agent = marvin.Agent(mcp_servers=[server()])
    try:
        async with manage_mcp_servers(agent) as servers:
            for mcp in servers:
                listed = {tool.name for tool in await mcp.list_tools()}

                async def call(name: str, arguments: dict[str, Any], mcp: Any = mcp) -> Any:
                    try:
                        result = await mcp.direct_call_tool(name, arguments)
                    except ModelRetry as retry:  # a failed call: the model would be asked to retry with this text
                        result = f"ModelRetry: {retry}"
                    print(f"{name}: {str(result)[:300]}", file=sys.stderr)
                    return result

                if "run_scenarios" in listed:
                    await call_until_done(lambda: call("run_scenarios", {}))
                await call_late(call, listed)
            await asyncio.sleep(HOLD)
    finally:
        await cleanup_thread_mcp_servers()  # what a run does when it leaves the outermost thread


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
