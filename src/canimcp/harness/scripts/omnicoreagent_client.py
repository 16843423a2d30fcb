"""A plain client on OmniCoreAgent's MCP client, set up the way its MCP page shows it: defaults only.

python omnicoreagent_client.py stdio CMD ARGS...   |   python omnicoreagent_client.py http|sse URL
An MCP server is one dict of the agent's `mcp_tools`: a name, a `transport_type` (`stdio`, `streamable_http` or
`sse`) and a command with its args or a URL. The script builds an `OmniCoreAgent` with the probe as its one server,
connects it with `connect_mcp_servers()` (the agent's `MCPClient`: one SDK `ClientSession` per server, held by a task
of its own, with every tool page listed) and asks `list_all_available_tools()`, as the page does. The library has no
public call of one MCP tool outside a run, so each call goes the way the agent's tool runner sends it: the agent's
`MCPToolHandler` for the server (its reconnect-once on a dropped session and its guardrail included) inside a
`ToolExecutor`, which turns the result into the envelope the model is given (what the runner adds around that, its
governance check, its 180-second limit and its telemetry, is left out). It calls the probe's `run_scenarios`
until a result reads as done (at most four calls), then the probe's tools of one era, prints each envelope to stderr,
stays connected for a few seconds so the probe can send its requests, and closes with `cleanup_mcp_servers()`.
The library has no resources or prompts API and no handler for a server's requests, so the script has none either.
No agent run: the model config is a placeholder that nothing calls (the agent script runs one on the scripted model).
"""

import asyncio
import os
import sys
from typing import Any

from late_calls import call_late  # beside this script (the recipe's script_helpers)
from omnicoreagent import OmniCoreAgent
from omnicoreagent.core.tools.mcp_tool_handler import MCPToolHandler
from omnicoreagent.core.tools.tool_executor import ToolExecutor
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
SERVER = "probe"


def probe_server() -> dict[str, Any]:
    """The probe as one entry of `mcp_tools` (the agent script connects the same way)."""
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "stdio":
        return {"name": SERVER, "transport_type": "stdio", "command": target[0], "args": target[1:]}
    server: dict[str, Any] = {
        "name": SERVER,
        "transport_type": "sse" if kind == "sse" else "streamable_http",
        "url": target[0],
    }
    if os.environ.get("CANIMCP_AUTH") == "1":
        server["auth"] = {"method": "oauth"}  # the SDK's OAuth, with the library's browser and callback server
    return server


async def main() -> None:
    agent = OmniCoreAgent(
        name="canimcp",
        system_instruction="Use the probe's tools.",
        model_config={"provider": "openai", "model": "gpt-4o", "api_key": "canimcp-placeholder"},
        mcp_tools=[probe_server()],
    )
    try:
        await agent.connect_mcp_servers()
        listed = {tool["name"] for tool in await agent.list_all_available_tools()}
        print(f"listed: {sorted(listed)}", file=sys.stderr)
        print(f"status: {agent.mcp_client.server_status()}", file=sys.stderr)

        async def call(name: str, arguments: dict[str, Any]) -> Any:
            handler = MCPToolHandler(agent.mcp_client.sessions, SERVER, guardrail=agent.guardrail)
            envelope = await ToolExecutor(handler).execute(name, arguments)
            print(f"{name}: {str(envelope)[:300]}", file=sys.stderr)
            return envelope

        if "run_scenarios" in listed:
            await call_until_done(lambda: call("run_scenarios", {}))
        await call_late(call, listed)
        await asyncio.sleep(HOLD)
    finally:
        await agent.cleanup_mcp_servers()


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
