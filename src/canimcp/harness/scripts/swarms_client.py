"""A plain client on Swarms' `MCPManager`, the class an `Agent` holds for its MCP servers, as the library's MCP client
examples use it: one server, defaults only.

python swarms_client.py stdio CMD ARGS...   |   python swarms_client.py http|sse URL
A URL goes in as `mcp_url` (the manager picks the transport from it: the legacy HTTP+SSE transport for a path that
ends in /sse, which the probe's SSE URL does, else Streamable HTTP); a command goes in as `mcp_config`, an
`MCPConnection` with `command` and `args` (stdio). The script lists the tools (`aget_tools`, the OpenAI-shaped schemas
an agent hands its model), calls the probe's `run_scenarios` with `acall_tool` until its result reads as done (at most
four times, as the sibling scripts do), then the tools of late_calls.py that are listed. Each result, the dict the
manager builds from the call, goes to stderr.

The manager keeps no connection: every listing and every call opens a session of its own (over stdio a server
process of its own), initializes it and closes it when done, so there is nothing to hold open at the end and the
script leaves as soon as its calls are made. No agent run here: swarms_agent.py has a model.

With CANIMCP_AUTH=1 (HTTP) the URL goes in as an `MCPConnection` whose `oauth` is an `MCPOAuthConfig`, with
its defaults but for `redirect_uri`: the default listens on port 8765 of the loopback, the very port the harness's
probe has, and Swarms refuses to sign in when it cannot bind it (its error says to pick another port this way).
Sign-in runs the authorization-code flow with the SDK's OAuthClientProvider and opens the browser through Python's
webbrowser module, which is the harness's ($BROWSER).
"""

import asyncio
import os
import sys
from typing import Any

from late_calls import call_late  # beside this script (the recipe's script_helpers)
from scenario_calls import call_until_done
from swarms.schemas.mcp_schemas import MCPConnection, MCPOAuthConfig
from swarms.tools.mcp_manager import MCPManager

REDIRECT = "http://127.0.0.1:8779/callback"  # any free loopback port but the probe's 8765 (see above)


def probe_server() -> dict[str, Any]:
    """The probe as a Swarms app names one server: the keyword argument an `MCPManager` or an `Agent` takes for it
    (`mcp_url=` for a URL, `mcp_config=` for a command); the agent script connects the same way."""
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "stdio":
        return {"mcp_config": MCPConnection(command=target[0], args=target[1:])}
    if kind == "http" and os.environ.get("CANIMCP_AUTH") == "1":
        return {"mcp_url": MCPConnection(url=target[0], oauth=MCPOAuthConfig(redirect_uri=REDIRECT))}
    return {"mcp_url": target[0]}


async def main() -> None:
    manager = MCPManager(**probe_server())
    listed = {tool["function"]["name"] for tool in await manager.aget_tools()}
    print(f"tools: {sorted(listed)}", file=sys.stderr)

    async def call(name: str, arguments: dict[str, Any]) -> Any:
        result = await manager.acall_tool(name, arguments)
        print(f"{name}: {str(result)[:300]}", file=sys.stderr)
        return result

    if "run_scenarios" in listed:
        await call_until_done(lambda: call("run_scenarios", {}))
    await call_late(call, listed)


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
