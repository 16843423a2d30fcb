"""A plain client on any-agent's MCP client, used the way its agents use it: defaults only.

python any_agent_client.py stdio CMD ARGS...   |   python any_agent_client.py http|sse URL
any-agent takes an MCP server as one of an agent's tools: `MCPStdio(command=..., args=[...])`,
`MCPStreamableHttp(url=...)` or `MCPSse(url=...)` for the legacy HTTP+SSE transport. When the agent is created,
every framework but smolagents hands that config to any-agent's own `MCPClient`, which connects, lists the tools
and turns each into a Python function that calls the tool. This script does the same for `tinyagent`, the framework
a plain install can run (each other one needs an extra): `MCPClient(config=..., framework=TINYAGENT)`, `connect()`,
`list_tools()`, then it calls the probe's `run_scenarios` through its function until a result reads as done (at most
four calls), then the probe's tools of one era, stays connected for a few seconds so the probe can send its
requests, and disconnects. No agent run: that would need a model (the agent script runs one).
"""

import asyncio
import os
import sys
from typing import Any

from any_agent.config import AgentFramework, MCPSse, MCPStdio, MCPStreamableHttp
from any_agent.tools.mcp import MCPClient
from late_calls import call_late  # beside this script (the recipe's script_helpers)
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def server() -> Any:
    """The MCP config for the probe on the command line (the agent script connects the same way)."""
    if sys.argv[1] == "stdio":
        return MCPStdio(command=sys.argv[2], args=sys.argv[3:])
    if sys.argv[1] == "sse":
        return MCPSse(url=sys.argv[2])
    return MCPStreamableHttp(url=sys.argv[2])


async def main() -> None:
    client = MCPClient(config=server(), framework=AgentFramework.TINYAGENT)
    await client.connect()
    try:
        functions = {f.__name__: f for f in await client.list_tools()}
        scenarios = functions.get("run_scenarios")
        if scenarios is not None:
            await call_until_done(scenarios)

        async def call(name: str, arguments: dict[str, Any]) -> Any:
            result = await functions[name](**arguments)
            print(f"{name}: {str(result)[:300]}", file=sys.stderr)
            return result

        await call_late(call, set(functions))
        await asyncio.sleep(HOLD)
    finally:
        await client.disconnect()


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
