"""A plain app on kani's MCP helper, as its documentation shows it: one server, defaults only.

python kani_client.py stdio CMD ARGS...   |   python kani_client.py http|sse URL
kani takes MCP servers as a list of the Python SDK's parameter objects from `mcp.client.session_group`:
`StdioServerParameters(command=..., args=[...])`, `StreamableHttpParameters(url=...)` or, for the legacy HTTP+SSE
transport, `SseServerParameters(url=...)`. `kani.mcp.tools_from_mcp_servers(servers)` is an async context manager:
entering it connects every server through the SDK's `ClientSessionGroup` and gives back one kani `AIFunction` per
listed tool, which an app hands to `Kani(engine, functions=...)`; leaving it closes the connections. With no model
here, the script does what an app can do with that list: it prints each function's name and description, then
calls the probe's `run_scenarios` through its `AIFunction` (what kani's function-calling loop awaits for a model's
call, giving back what the model would read) until a result reads as done (at most four calls), then the probe's
tools of one era from late_calls.py that are listed, stays connected for CANIMCP_HOLD_SECONDS so the probe can send
its requests, and leaves the context. No agent run here: kani_agent.py has a model.
"""

import asyncio
import os
import sys
from typing import Any

from kani.mcp import tools_from_mcp_servers
from late_calls import call_late  # beside this script (the recipe's script_helpers)
from mcp.client.session_group import SseServerParameters, StdioServerParameters, StreamableHttpParameters
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def server() -> Any:
    """The probe as a kani app names one MCP server (the agent script connects the same way)."""
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "stdio":
        return StdioServerParameters(command=target[0], args=target[1:])
    if kind == "sse":
        return SseServerParameters(url=target[0])
    return StreamableHttpParameters(url=target[0])


async def main() -> None:
    async with tools_from_mcp_servers([server()]) as functions:
        by_name = {function.name: function for function in functions}
        for function in functions:
            print(f"listed {function.name}: {str(function.desc)[:80]!r}", file=sys.stderr)

        async def call(name: str, arguments: dict[str, Any]) -> Any:
            result = await by_name[name](**arguments)
            print(f"{name}: {str(result)[:300]}", file=sys.stderr)
            return result

        if "run_scenarios" in by_name:
            await call_until_done(lambda: by_name["run_scenarios"]())
        await call_late(call, set(by_name))
        await asyncio.sleep(HOLD)


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
