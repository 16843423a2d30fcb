"""A plain client on Qwen-Agent's `MCPManager`, as its documentation configures it: one server in an `mcpServers`
map.

python qwen_agent_client.py stdio CMD ARGS...   |   python qwen_agent_client.py http|sse URL
The server is `{"command", "args"}` over stdio, `{"url", "type": "streamable-http"}` over Streamable HTTP, or
`{"url"}`, which Qwen-Agent reads as the legacy SSE transport. `initConfig` connects (on the manager's own event loop,
in a thread) and gives back the tools as Qwen-Agent's agents get them, named `probe-<tool>`; the script calls the
probe's `run_scenarios` as an agent does (`call` with the arguments as JSON text; up to four calls in all, until one
reads as done), stays a while, and leaves (the manager stops its servers when the process exits). No agent run:
that would need a model.
"""

import asyncio
import os
import sys
import time

from qwen_agent.tools.mcp_manager import MCPManager
from scenario_calls import call_until_done  # shipped beside this script

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def server() -> dict[str, object]:
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "stdio":
        return {"command": target[0], "args": target[1:]}
    return {"url": target[0]} if kind == "sse" else {"url": target[0], "type": "streamable-http"}


def main() -> None:
    tools = {tool.name: tool for tool in MCPManager().initConfig({"mcpServers": {"probe": server()}})}
    if "probe-run_scenarios" in tools:
        # a call blocks until the manager's own event loop has the answer: off the loop that counts the calls
        asyncio.run(call_until_done(lambda: asyncio.to_thread(tools["probe-run_scenarios"].call, "{}")))
    time.sleep(HOLD)


if __name__ == "__main__":
    main()
