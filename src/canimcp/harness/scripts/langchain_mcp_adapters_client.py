"""A plain client on LangChain's MCP adapters, as their documentation shows them: defaults only.

python langchain_mcp_adapters_client.py stdio CMD ARGS...   |   python langchain_mcp_adapters_client.py http|sse URL
It builds a `MultiServerMCPClient` with the probe as its one server (the connection's `transport` key chooses:
"stdio", "http" for Streamable HTTP, or "sse" for the legacy HTTP+SSE transport), opens a session explicitly
(`client.session(...)`, the documented way to keep one connection; `get_tools()` would open a new session for every
tool call), turns the tools into LangChain tools with `load_mcp_tools`, and invokes the probe's `run_scenarios`
through the LangChain tool (a server of the 2026-07-28 era asks for what was not declared one round at a time and a
refusal ends the call, so it calls again until one completes, at most four times). Then it stays connected for a
few seconds so the probe can send its requests, and leaves the session (which closes). No agent run: that would
need a model.

With CANIMCP_AUTH=1 (HTTP) it signs in the way the adapters offer: a connection's `auth` key takes an `httpx.Auth`,
which they hand to the official SDK's HTTP client as is, so it gets the SDK's `OAuthClientProvider` (tokens kept
in memory); the person at the browser is this script, which opens the authorization URL and reads the code off
the redirect.
"""

import asyncio
import os
import sys

from langchain_mcp_adapters.client import MultiServerMCPClient
from langchain_mcp_adapters.tools import load_mcp_tools

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


async def main() -> None:
    if sys.argv[1] == "stdio":
        connection = {"transport": "stdio", "command": sys.argv[2], "args": sys.argv[3:]}
    else:
        connection = {"transport": "sse" if sys.argv[1] == "sse" else "http", "url": sys.argv[2]}
        if sys.argv[1] == "http" and os.environ.get("CANIMCP_AUTH") == "1":
            from sdk_oauth import signing_in  # beside this script (the recipe's script_helpers)

            connection["auth"] = signing_in(sys.argv[2], "canimcp-harness-langchain-mcp-adapters")
    client = MultiServerMCPClient({"probe": connection})
    async with client.session("probe") as session:
        tools = await load_mcp_tools(session)
        scenarios = next((tool for tool in tools if tool.name == "run_scenarios"), None)
        if scenarios is not None:
            for _ in range(4):  # at most one round each for roots, sampling and elicitation, then it completes
                try:
                    await scenarios.ainvoke({})
                    break
                except Exception as exc:  # what it does with input requests it cannot answer is on record
                    print(f"run_scenarios: {exc}", file=sys.stderr)
        await asyncio.sleep(HOLD)


asyncio.run(main())
