"""A plain client on Strands Agents' `MCPClient`, as its documentation shows it: defaults only.

python strands_agents_client.py stdio CMD ARGS...   |   python strands_agents_client.py http|sse URL
Stdio goes through the Python SDK's `stdio_client` handed to `MCPClient` as a transport factory; HTTP through
`MCPClient(url=...)` (Streamable HTTP), or in releases without that argument the SDK's Streamable HTTP client as the
factory; the legacy HTTP+SSE transport through the SDK's `sse_client` as the factory (`url=` is Streamable HTTP
only). It enters the client (which connects on a background thread), lists tools, calls the probe's
`run_scenarios` (in the 2026-07-28 era a server can ask for roots, sampling or elicitation only inside a request;
the probe asks for what was not declared one round at a time and a refusal ends the call, so it calls again until
one completes: `call_tool_sync` reports a failure as a result with status "error" rather than raising), stays
connected for a few seconds so the probe can send its requests, and leaves (which closes). The agent run
(strands_agents_agent.py) takes its connection from `client()` here.

With CANIMCP_AUTH=1 (HTTP) it signs in through `MCPClient(url=..., auth_provider=...)`, the documented way to
hand an auth flow to the Streamable HTTP transport (its `auth` argument is for client credentials only): the
MCP SDK's `OAuthClientProvider`, tokens kept in memory; the person at the browser is this script, which opens
the authorization URL and reads the code off the redirect. Releases without the url argument (1.50.2 among
them) get the same provider as the `auth` of the SDK's Streamable HTTP client, their factory.
"""

import os
import sys
import time
from typing import Any

from mcp import StdioServerParameters, stdio_client
from strands.tools.mcp import MCPClient

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def client() -> Any:
    if sys.argv[1] == "stdio":
        params = StdioServerParameters(command=sys.argv[2], args=sys.argv[3:])
        return MCPClient(lambda: stdio_client(params))
    url = sys.argv[2]
    if sys.argv[1] == "sse":
        from mcp.client.sse import sse_client

        return MCPClient(lambda: sse_client(url))
    auth = None
    if os.environ.get("CANIMCP_AUTH") == "1":
        from sdk_oauth import signing_in  # beside this script (the recipe's script_helpers)

        auth = signing_in(url, "canimcp-harness-strands-agents")
    try:
        return MCPClient(url=url, auth_provider=auth) if auth else MCPClient(url=url)
    except TypeError:  # releases before the url argument: the SDK's Streamable HTTP client as the factory
        from mcp.client.streamable_http import streamablehttp_client

        return MCPClient(lambda: streamablehttp_client(url, auth=auth))


def main() -> None:
    with client() as mcp:
        tools = mcp.list_tools_sync()
        if any(tool.tool_name == "run_scenarios" for tool in tools):
            for n in range(4):  # at most one round each for roots, sampling and elicitation, then it completes
                try:
                    result = mcp.call_tool_sync(tool_use_id=f"probe-{n}", name="run_scenarios", arguments={})
                except Exception as exc:  # what it does with input requests it cannot answer is on record
                    print(f"run_scenarios: {exc}", file=sys.stderr)
                    continue
                if result.get("status") != "error":
                    break
                print(f"run_scenarios: {result.get('content')}", file=sys.stderr)
        time.sleep(HOLD)


if __name__ == "__main__":  # the agent script imports its connection code
    main()
