"""Semantic Kernel's `MCPStdioPlugin` (PyPI `semantic-kernel`) as an app that uses what the plugin offers of the
optional features: a log level, taken from the level of the plugin module's logger, and giving up on a tool call,
once through the plugin's `request_timeout` and once by cancelling the task that awaits the call.

    python semantic_kernel_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

The plugin has no call for resource templates, argument completion or resource subscriptions and takes no progress
handler; its `session` attribute (the Python SDK's `ClientSession`) is not used here. Before connecting, the app
sets the `semantic_kernel.connectors.mcp` logger to INFO and attaches a handler that prints what reaches it: the
plugin logs the server's log messages there. `request_timeout=2` is the plugin's timeout for every request (the
default is none). The plugin re-lists tools from inside its message handler when the server says they changed, which
holds up the session until that re-list times out; the app makes one cheap call first and then waits that out, so
the calls it makes afterwards are not held up. Prints one JSON line per step (what the plugin handed back)."""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from typing import Any

from semantic_kernel.connectors.mcp import MCPStdioPlugin


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


class Printed(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        say("log", {"level": record.levelname, "message": record.getMessage()})


async def main(command: str, *args: str) -> None:
    mcp_logger = logging.getLogger("semantic_kernel.connectors.mcp")
    mcp_logger.setLevel(logging.INFO)
    mcp_logger.addHandler(Printed())
    async with MCPStdioPlugin(name="probe", command=command, args=list(args), request_timeout=2) as plugin:
        try:
            say("echo", str(await plugin.call_tool("echo", text="hello")))
        except Exception as exc:
            say("echo", f"{type(exc).__name__}: {exc}")
        await asyncio.sleep(5)  # the re-lists that the list changes set off time out meanwhile

        try:
            say("plain call", str(await plugin.call_tool("slow_task", seconds=1)))
        except Exception as exc:
            say("plain call", f"{type(exc).__name__}: {exc}")

        try:  # the plugin's request_timeout runs out after two seconds
            await plugin.call_tool("slow_task", seconds=20)
            say("timed out", False)
        except Exception as exc:
            say("timed out", f"{type(exc).__name__}: {exc}")

        try:  # the app cancels the task awaiting the call after a second
            await asyncio.wait_for(plugin.call_tool("slow_task", seconds=20), 1)
            say("task cancelled", False)
        except Exception as exc:
            say("task cancelled", f"{type(exc).__name__}: {exc}")
        await asyncio.sleep(1)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
