"""A plain client on Flock's MCP layer, as its documentation shows it: defaults only.

python flock_client.py stdio CMD ARGS...   |   python flock_client.py http|sse URL
The probe is registered on a `Flock` orchestrator with `add_mcp` (a `StdioServerParameters`,
`StreamableHttpServerParameters` or `SseServerParameters` from `flock.mcp`), as the package's MCP docstring shows.
The script then does what an agent given `with_mcps(["probe"])` does before its model runs: it asks the
orchestrator's client manager for the agent's tools (`get_tools_for_agent`, which connects and lists them), wraps
`run_scenarios` as the DSPy tool an agent would hand its model (`as_dspy_tool`) and calls it through that (while a call
gives None, it calls again, up to four times; but Flock caches a call's result, None included, for 20 seconds under the
agent, run, name and arguments, so a repeat reaches the server only when the first call raised before its result was
cached). It stays connected for a few seconds so the probe can send its requests, then closes the run's connections
(`cleanup_run`), as a finished agent run does. No agent run: that would need a model.
"""

import asyncio
import os
import sys

from flock import Flock
from flock.mcp import SseServerParameters, StdioServerParameters, StreamableHttpServerParameters

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
AGENT, RUN = "canimcp", "canimcp-run"  # the (agent, run) pair the manager keys its connections by


def server_parameters() -> StdioServerParameters | StreamableHttpServerParameters | SseServerParameters:
    if sys.argv[1] == "stdio":
        return StdioServerParameters(command=sys.argv[2], args=sys.argv[3:])
    if sys.argv[1] == "sse":
        return SseServerParameters(url=sys.argv[2])
    return StreamableHttpServerParameters(url=sys.argv[2])


async def main() -> None:
    flock = Flock()
    flock.add_mcp("probe", server_parameters())
    manager = flock.get_mcp_manager()
    tools = await manager.get_tools_for_agent(AGENT, RUN, {"probe"})
    print(f"tools: {sorted(tools)}", file=sys.stderr)
    scenarios = tools.get("probe__run_scenarios")
    for _ in range(4 if scenarios is not None else 0):
        tool = scenarios["tool"].as_dspy_tool(server=scenarios["client"])  # type: ignore[index]
        result = await tool.acall()  # Flock's wrapper logs a failed call and returns None
        print(f"run_scenarios: {str(result)[:300]}", file=sys.stderr)
        if result is not None:
            break
    await asyncio.sleep(HOLD)
    await manager.cleanup_run(AGENT, RUN)


if __name__ == "__main__":
    asyncio.run(main())
