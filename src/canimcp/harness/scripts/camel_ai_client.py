"""A plain client on CAMEL's `MCPToolkit`, as its documentation shows it: one server in an `mcpServers` map.

python camel_ai_client.py stdio CMD ARGS...   |   python camel_ai_client.py http|sse URL
The server is `{"command", "args"}` over stdio, `{"url"}` over HTTP (which CAMEL reads as Streamable HTTP, trying the
legacy SSE transport if that fails to connect) or `{"url", "type": "sse"}`, nothing else. Entering the toolkit
connects; the script lists the tools, calls the probe's `run_scenarios` the way CAMEL's agent calls a tool (its
function's `async_call`, which gives back what the model would read; up to four calls in all, until one reads as
done), stays a while, and leaves (which disconnects). No agent run: that would need a model.
"""

import asyncio
import os
import sys

from camel.toolkits import MCPToolkit
from scenario_calls import call_until_done  # shipped beside this script

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def server() -> dict[str, object]:
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "stdio":
        return {"command": target[0], "args": target[1:]}
    return {"url": target[0], "type": "sse"} if kind == "sse" else {"url": target[0]}


async def main() -> None:
    async with MCPToolkit(config_dict={"mcpServers": {"probe": server()}}) as toolkit:
        tools = {tool.get_function_name(): tool for tool in toolkit.get_tools()}
        if "run_scenarios" in tools:
            await call_until_done(tools["run_scenarios"].func.async_call)
        await asyncio.sleep(HOLD)


if __name__ == "__main__":
    asyncio.run(main())
