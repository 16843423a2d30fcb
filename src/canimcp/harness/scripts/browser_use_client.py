"""A plain client on browser-use's `MCPClient`, as its documentation shows it: defaults only.

python browser_use_client.py stdio CMD ARGS...
`MCPClient` takes a server name, a command and its arguments, nothing else: stdio is its only transport. The script
connects (which lists the tools), registers the server's tools as actions of a browser-use `Tools` registry with
`register_to_tools`, then calls them through that registry (`execute_action`, which the agent's `Tools.act` calls
with the agent's browser session; an MCP action uses none, and here none is given, since `act` given `None` fails
every action that takes longer than a quarter of a second when it logs the time: a slip of its timing decorator,
after the call was made, that an agent with a browser never meets): the probe's `run_scenarios` (again while its
result does not read as done, at most four times, as the sibling scripts do), then the tools of late_calls.py that
are listed. Each action result (its error, or the text the model would read) goes to stderr. It stays connected
for a few seconds so the probe can send its requests and notifications, and disconnects. No agent run here:
browser_use_agent.py is the one with a model.
"""

import asyncio
import os
import sys
from typing import Any

from browser_use import Tools
from browser_use.mcp.client import MCPClient
from late_calls import call_late  # beside this script (the recipe's script_helpers)
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def probe_client() -> MCPClient:
    """The probe as browser-use's MCP client is given a server (the agent script connects the same way)."""
    if sys.argv[1] != "stdio":
        raise SystemExit("browser-use's MCPClient starts a server over stdio only")
    return MCPClient(server_name="probe", command=sys.argv[2], args=sys.argv[3:])


async def main() -> None:
    client = probe_client()
    await client.connect()
    try:
        tools = Tools()
        await client.register_to_tools(tools)
        listed = set(tools.registry.registry.actions)  # browser-use's own actions and the server's tools

        async def act(name: str, arguments: dict[str, Any]) -> str:
            result = await tools.registry.execute_action(name, arguments)
            return f"error={result.error!r} content={result.extracted_content!r}"

        async def call(name: str, arguments: dict[str, Any]) -> None:
            print(f"{name}: {await act(name, arguments)}", file=sys.stderr)

        if "run_scenarios" in listed:
            await call_until_done(lambda: act("run_scenarios", {}))
        await call_late(call, listed)
        await asyncio.sleep(HOLD)
    finally:
        await client.disconnect()


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
