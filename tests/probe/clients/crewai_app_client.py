"""CrewAI's `MCPClient` (PyPI `crewai`, `crewai.mcp`) as an app that gives up on a slow tool call: the client's
execution timeout, one second here (30 seconds in the client an agent's MCP tool makes for each call, which no
option of `Agent(mcps=...)` reaches).

    python crewai_app_client.py COMMAND [ARGS...]   (the stdio server to spawn: canimcp probe stdio)

It connects, waits a moment so that the server's messages after the handshake (a log message among them) arrive,
and calls `slow_task` for twenty seconds. CrewAI's client has no call for a log level and takes no logging
handler, so the app has nothing to set there. Prints one JSON line per step (what the client handed back)."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

from crewai.mcp import MCPClient
from crewai.mcp.transports.stdio import StdioTransport


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def main(command: str, *args: str) -> None:
    client = MCPClient(transport=StdioTransport(command=command, args=list(args)), execution_timeout=1)
    await client.connect()
    await asyncio.sleep(1.5)
    start = time.monotonic()
    try:
        say("gave up", await client.call_tool("slow_task", {"seconds": 20}))
    except Exception as exc:  # after its tries run out the client raises ConnectionError
        say("gave up", {"after": round(time.monotonic() - start, 1), "error": f"{type(exc).__name__}: {exc}"})
    await asyncio.sleep(1)
    await client.disconnect()


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
