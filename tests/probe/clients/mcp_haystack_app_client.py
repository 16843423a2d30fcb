"""Haystack's `MCPToolset` (PyPI `mcp-haystack`) as an app that gives up on a slow tool call: the toolset's
`invocation_timeout`, one second here (30 seconds unless given).

    python mcp_haystack_app_client.py COMMAND [ARGS...]   (the stdio server to spawn: canimcp probe stdio)

It warms the toolset up (which connects and lists the tools), waits a moment so that the server's messages after
the handshake (a log message among them) arrive, and invokes the Haystack tool made from `slow_task` for twenty
seconds. The integration has no call for a log level and takes no logging handler, so the app has nothing to set
there. Prints one JSON line per step (what the toolset handed back)."""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from haystack_integrations.tools.mcp import MCPToolset, StdioServerInfo


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


def main(command: str, *args: str) -> None:
    toolset = MCPToolset(server_info=StdioServerInfo(command=command, args=list(args)), invocation_timeout=1)
    toolset.warm_up()
    time.sleep(1.5)
    slow = next(tool for tool in toolset if tool.name == "slow_task")
    start = time.monotonic()
    try:
        say("gave up", slow.invoke(seconds=20))
    except Exception as exc:  # the tool raises once the timeout runs out
        say("gave up", {"after": round(time.monotonic() - start, 1), "error": f"{type(exc).__name__}: {exc}"})
    time.sleep(2)
    toolset.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
