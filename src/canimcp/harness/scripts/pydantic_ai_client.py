"""A plain client on Pydantic AI's MCP toolset, as its documentation shows it: defaults only.

python pydantic_ai_client.py stdio CMD ARGS...   |   python pydantic_ai_client.py http|sse URL
Pydantic AI 2.x has one class, `MCPToolset` (given a URL, or a fastmcp `StdioTransport` for a command with
arguments, as its own config loader builds it); it leaves the choice of HTTP transport to fastmcp, which takes a
URL whose path ends in /sse for the legacy HTTP+SSE transport, so the sse run hands it the probe's /sse URL as is.
1.x had `MCPServerStdio`, `MCPServerStreamableHTTP` and `MCPServerSSE`, used when the first import fails. It
enters the toolset (which connects), lists tools, calls the probe's `run_scenarios` (in the 2026-07-28 era a
server can ask for roots, sampling or elicitation only inside a request; the probe asks for what was not declared
one round at a time and a refusal ends the call, so it calls again until one completes), stays connected for a few
seconds so the probe can send its requests, and leaves. No agent run: that would need a model.
With CANIMCP_AUTH=1 (HTTP, 2.x) it signs in the way Pydantic AI documents, `auth="oauth"`: that is fastmcp's
OAuth, which opens the authorization URL with Python's webbrowser module, i.e. `$BROWSER` (the harness's).
"""

import asyncio
import os
import sys
from typing import Any

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def toolset() -> Any:
    stdio = sys.argv[1] == "stdio"
    try:
        from pydantic_ai.mcp import MCPToolset
    except ImportError:  # Pydantic AI 1.x
        from pydantic_ai.mcp import MCPServerSSE, MCPServerStdio, MCPServerStreamableHTTP

        if sys.argv[1] == "sse":
            return MCPServerSSE(sys.argv[2])
        return MCPServerStdio(sys.argv[2], args=sys.argv[3:]) if stdio else MCPServerStreamableHTTP(sys.argv[2])
    from fastmcp.client.transports import StdioTransport

    if stdio:
        return MCPToolset(StdioTransport(command=sys.argv[2], args=sys.argv[3:]))
    return MCPToolset(sys.argv[2], auth="oauth" if os.environ.get("CANIMCP_AUTH") == "1" else None)


async def main() -> None:
    server = toolset()
    async with server:
        tools = await server.list_tools()
        if any(tool.name == "run_scenarios" for tool in tools):
            for _ in range(4):  # at most one round each for roots, sampling and elicitation, then it completes
                try:
                    await server.direct_call_tool("run_scenarios", {})
                    break
                except Exception as exc:  # what it does with input requests it cannot answer is on record
                    print(f"run_scenarios: {exc}", file=sys.stderr)
        await asyncio.sleep(HOLD)


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
