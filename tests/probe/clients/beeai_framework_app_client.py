"""BeeAI Framework's `MCPTool` as an app that gives a slow call a deadline of its own (`ToolRunOptions(timeout=1)`),
the framework's way to stop waiting for a tool.

    python beeai_framework_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

Prints one JSON line per step (what the client handed back)."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from beeai_framework.tools import ToolRunOptions
from beeai_framework.tools.mcp import MCPTool
from mcp import StdioServerParameters
from mcp.client.stdio import stdio_client


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def main(command: str, *args: str) -> None:
    tools = await MCPTool.from_client(stdio_client(StdioServerParameters(command=command, args=list(args))))
    slow = next(tool for tool in tools if tool.name == "slow_task")
    try:  # the app stops waiting after a second
        say("slow_task", (await slow.run({"seconds": 20}, ToolRunOptions(timeout=1))).get_text_content())
    except Exception as exc:
        say("gave up", f"{type(exc).__name__}: {exc}")
    await asyncio.sleep(3)  # the session stays open: anything the client sends now reaches the probe
    say("echo after", (await next(t for t in tools if t.name == "echo").run({"text": "still here"})).get_text_content())


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
