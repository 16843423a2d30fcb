"""OpenHands' agent SDK calling a slow tool with a short time limit, for a run made by hand (not a recipe step).

The CLI runs every MCP tool call through the SDK's `MCPToolExecutor`, whose limit is fixed at 300 seconds. This
script connects the server as the CLI's agent does (`create_mcp_tools` on an `mcpServers` config), then calls the
probe's `slow_task` for 20 seconds through an `MCPToolExecutor` on the same client with a 2-second limit, so that
what a timed-out call sends the server shows in seconds instead of five minutes. It prints the observation the
agent would hand its model.

    python openhands_timeout_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)
"""

from __future__ import annotations

import sys
import time

from openhands.sdk.mcp import create_mcp_tools
from openhands.sdk.mcp.definition import MCPToolAction
from openhands.sdk.mcp.tool import MCPToolExecutor


def main(command: str, *args: str) -> None:
    client = create_mcp_tools({"mcpServers": {"probe": {"command": command, "args": list(args)}}})
    try:
        names = [tool.name for tool in client.tools]
        print("listed:", names, flush=True)
        executor = MCPToolExecutor(tool_name="slow_task", client=client, timeout=2)
        started = time.monotonic()
        observation = executor(MCPToolAction(data={"seconds": 20}))
        took = time.monotonic() - started
        print(f"after {took:.1f} s, is_error={observation.is_error}:", observation.text, flush=True)
        time.sleep(3)  # let the server see whatever the client sends after giving up
    finally:
        client.sync_close()


if __name__ == "__main__":
    main(*sys.argv[1:])
