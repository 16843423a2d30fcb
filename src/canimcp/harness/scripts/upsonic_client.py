"""A plain client on Upsonic's `MCPHandler`, as its documentation shows it: one server, defaults only.

python upsonic_client.py stdio CMD ARGS...   |   python upsonic_client.py http|sse URL
`MCPHandler(command="cmd args")` starts a stdio server from one command line; `MCPHandler(url=...,
transport="streamable-http")` and `MCPHandler(url=..., transport="sse")` connect over HTTP (a URL needs one of the
two: the handler's default transport is stdio). The handler is handed to Upsonic's own tool manager, which is what an
Agent does with the `tools` of a Task: registering it discovers the tools on a connection of its own, closed at once,
and the first call opens the connection the calls then share. The script then calls the probe's `run_scenarios`
through the manager's `execute_tool`, the agent's path with its retries (again while its result does not read as
done, at most four times, as the sibling scripts do), and then the tools of late_calls.py that are listed. Each
result goes to stderr. It stays connected for a few seconds so the probe can send its requests and notifications,
and closes the handler, as the agent does when its task ends. No agent run here: upsonic_agent.py has a model.
"""

import asyncio
import os
import shlex
import sys
from typing import Any

from late_calls import call_late  # beside this script (the recipe's script_helpers)
from scenario_calls import call_until_done
from upsonic.tools import ToolManager
from upsonic.tools.mcp import MCPHandler

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def probe_handler() -> MCPHandler:
    """The probe as an Upsonic app names one server (the agent script connects the same way)."""
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "stdio":
        return MCPHandler(command=shlex.join(target))
    return MCPHandler(url=target[0], transport="sse" if kind == "sse" else "streamable-http")


async def main() -> None:
    handler = probe_handler()
    manager = ToolManager()
    try:
        listed = set(manager.register_tools([handler]))

        async def call(name: str, arguments: dict[str, Any]) -> Any:
            result = await manager.execute_tool(name, arguments)
            print(f"{name}: success={result.success} {str(result.content)[:300]}", file=sys.stderr)
            return result.content

        if "run_scenarios" in listed:
            await call_until_done(lambda: call("run_scenarios", {}))
        await call_late(call, listed)
        await asyncio.sleep(HOLD)
    finally:
        await handler.close()


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
