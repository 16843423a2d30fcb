"""A plain client on the OpenAI Agents SDK's MCP classes, as its documentation shows them: defaults only.

python openai_agents_client.py stdio CMD ARGS...   |   python openai_agents_client.py http|sse URL
`MCPServerStdio`, `MCPServerStreamableHttp`, or `MCPServerSse` for the legacy HTTP+SSE transport (the SDK has a
class per transport and never guesses one from the URL).
It enters the server object (which connects), lists tools, calls the probe's `run_scenarios` (in the 2026-07-28
era a server can ask for roots, sampling or elicitation only inside a request; the probe asks for what was not
declared one round at a time and a refusal ends the call, so it calls again until one completes), stays connected
for a few seconds so the probe can send its requests, and leaves (which closes). No agent run: that would need a
model.

With CANIMCP_AUTH=1 (HTTP) it signs in the SDK's documented way: the `auth` entry of the Streamable HTTP params,
an `httpx.Auth` (with mcp 2.x an `httpx2.Auth`) handed on to the MCP SDK's HTTP client. The SDK's
`OAuthClientProvider` is that Auth, tokens kept in memory; the person at the browser is this script, which opens
the authorization URL and reads the code off the redirect.
"""

import asyncio
import os
import sys

from agents.mcp import MCPServer, MCPServerSse, MCPServerStdio, MCPServerStreamableHttp

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


async def main() -> None:
    server: MCPServer
    if sys.argv[1] == "stdio":
        server = MCPServerStdio(params={"command": sys.argv[2], "args": sys.argv[3:]}, name="probe")
    elif sys.argv[1] == "sse":
        server = MCPServerSse(params={"url": sys.argv[2]}, name="probe")
    elif os.environ.get("CANIMCP_AUTH") == "1":
        from sdk_oauth import signing_in  # beside this script (the recipe's script_helpers)

        auth = signing_in(sys.argv[2], "canimcp-harness-openai-agents")
        server = MCPServerStreamableHttp(params={"url": sys.argv[2], "auth": auth}, name="probe")
    else:
        server = MCPServerStreamableHttp(params={"url": sys.argv[2]}, name="probe")
    async with server:
        tools = await server.list_tools()
        if any(tool.name == "run_scenarios" for tool in tools):
            for _ in range(4):  # at most one round each for roots, sampling and elicitation, then it completes
                try:
                    await server.call_tool("run_scenarios", {})
                    break
                except Exception as exc:  # what it does with input requests it cannot answer is on record
                    print(f"run_scenarios: {exc}", file=sys.stderr)
        await asyncio.sleep(HOLD)


asyncio.run(main())
