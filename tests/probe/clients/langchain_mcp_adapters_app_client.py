"""LangChain's MCP adapters (PyPI `langchain-mcp-adapters`) as an app that uses what the adapters offer of the
optional features: a log callback and a progress callback (`Callbacks(on_logging_message=..., on_progress=...)`
given to `MultiServerMCPClient` and to `load_mcp_tools`), a read of a URI filled in from the probe's template
(`load_mcp_resources`), and a tool call the app gives up on.

    python langchain_mcp_adapters_app_client.py COMMAND [ARGS...]   (the stdio server to spawn: canimcp probe stdio)

The adapters have no call of their own for listing resource templates, argument completion, setting a log level or
subscribing to a resource, and no timeout option for a stdio connection: the only route to those is the Python SDK
`ClientSession` that `client.session(...)` yields, which this app does not use for them. So it gives up on the
twenty-second tool call by cancelling its task after one second (`asyncio.wait_for`). It keeps one session open
(`client.session("probe")`; `get_tools()` would spawn a new server per call). Prints one JSON line per step (what
the adapters handed back)."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from langchain_mcp_adapters.callbacks import CallbackContext, Callbacks
from langchain_mcp_adapters.client import MultiServerMCPClient
from langchain_mcp_adapters.resources import load_mcp_resources
from langchain_mcp_adapters.tools import load_mcp_tools


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def main(command: str, *args: str) -> None:
    steps: list[float] = []

    async def logged(params: Any, context: CallbackContext) -> None:
        say("log", {"server": context.server_name, "level": params.level, "data": params.data})

    async def progressed(progress: float, total: float | None, message: str | None, context: CallbackContext) -> None:
        steps.append(progress)

    callbacks = Callbacks(on_logging_message=logged, on_progress=progressed)
    client = MultiServerMCPClient(
        {"probe": {"transport": "stdio", "command": command, "args": list(args)}}, callbacks=callbacks
    )
    async with client.session("probe") as session:
        tools = await load_mcp_tools(session, callbacks=callbacks, server_name="probe")
        slow = next(tool for tool in tools if tool.name == "slow_task")

        # no listing of templates in the adapters: the app fills in the probe's known template itself
        blobs = await load_mcp_resources(session, uris="probe://items/42")
        say("template read", [blob.as_string() for blob in blobs])

        await slow.ainvoke({"seconds": 1})
        say("progress", steps)

        try:  # the app stops waiting after a second by cancelling the call's task
            await asyncio.wait_for(slow.ainvoke({"seconds": 20}), timeout=1)
            say("gave up", False)
        except TimeoutError as exc:
            say("gave up", f"{type(exc).__name__}: {exc}")
        await asyncio.sleep(2)  # time for a cancellation, had one been sent, to reach the probe
        say("done", True)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
