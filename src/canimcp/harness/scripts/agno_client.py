"""A plain client on Agno's MCP toolkit, as its documentation shows it: defaults only.

python agno_client.py stdio CMD ARGS...   |   python agno_client.py http|sse URL
`MCPTools(command=...)`, `MCPTools(url=...)` (Streamable HTTP, the default for a URL) or `MCPTools(url=...,
transport="sse")` for the legacy HTTP+SSE transport (Agno logs a deprecation warning for it and connects), entered
as an async context manager (which connects and registers the server's tools as Agno functions). It calls the
probe's `run_scenarios` through its function, as an agent would (a refused input request may end the call, so it
calls again, up to four times), stays connected for a few seconds so the probe can send its requests, and leaves.
No agent run: that would need a model.
"""

import asyncio
import os
import shlex
import sys

from agno.tools.mcp import MCPTools

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


async def main() -> None:
    stdio = sys.argv[1] == "stdio"
    if stdio:
        tools = MCPTools(command=shlex.join(sys.argv[2:]))
    elif sys.argv[1] == "sse":
        tools = MCPTools(url=sys.argv[2], transport="sse")
    else:
        tools = MCPTools(url=sys.argv[2])
    async with tools:
        scenarios = tools.functions.get("run_scenarios")
        for _ in range(4 if scenarios is not None else 0):
            try:
                result = await scenarios.entrypoint()  # type: ignore[union-attr]
            except Exception as exc:  # what it does with input requests it cannot answer is on record
                print(f"run_scenarios: {exc!r}", file=sys.stderr)
                continue
            print(f"run_scenarios: {str(result)[:300]}", file=sys.stderr)
            break
        await asyncio.sleep(HOLD)


asyncio.run(main())
