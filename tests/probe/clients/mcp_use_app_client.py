"""mcp-use's `MCPClient` as an app that uses what its own API offers of the optional MCP features: a
`logging_callback` and a `message_handler` given to the client, a resource read at a URI the app fills in from the
probe's template `probe://items/{id}` itself, a tool call without and one with `read_timeout_seconds` (abandoned
after one second). mcp-use's `MCPSession` has no call for resources/templates/list, completion/complete,
resources/subscribe or logging/setLevel and no progress callback, so the app makes none of those requests; it
only waits a few seconds in case a server message arrives on its own.

    python mcp_use_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

Run it with the mcp-use venv's Python (mcp-use 1.7.1 on mcp 1.30.0) and MCP_USE_ANONYMIZED_TELEMETRY=false.
Prints one JSON line per step (what the client handed back)."""

from __future__ import annotations

import asyncio
import json
import sys
from datetime import timedelta
from typing import Any

from mcp.types import LoggingMessageNotificationParams, ServerNotification
from mcp_use import MCPClient


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def logged(params: LoggingMessageNotificationParams) -> None:  # MCPClient(logging_callback=...)
    say("log", {"level": params.level, "data": params.data})


async def on_message(message: Any) -> None:  # MCPClient(message_handler=...)
    if isinstance(message, ServerNotification):
        say("notification", message.root.method)


async def main(command: str, *args: str) -> None:
    config = {"mcpServers": {"probe": {"command": command, "args": list(args)}}}
    client = MCPClient.from_dict(config, logging_callback=logged, message_handler=on_message)
    session = await client.create_session("probe")  # initializes and lists tools, resources and prompts
    try:
        say("protocol", getattr(session.session_info, "protocolVersion", None))
        say("tools", [t.name for t in await session.list_tools()])
        say("resources", [str(r.uri) for r in await session.list_resources()])

        # no call lists templates; the app fills the probe's template in itself
        item = await session.read_resource("probe://items/42")
        say("template read", [getattr(c, "text", None) for c in item.contents])

        # call_tool takes no progress callback: an ordinary call to the slow tool
        done = await session.call_tool("slow_task", {"seconds": 1})
        say("slow_task 1 s", [getattr(c, "text", None) for c in done.content])

        try:  # the app stops waiting after a second, with mcp-use's own timeout argument
            await session.call_tool("slow_task", {"seconds": 20}, read_timeout_seconds=timedelta(seconds=1))
            say("gave up", False)
        except Exception as exc:
            say("gave up", f"{type(exc).__name__}: {exc}")

        await asyncio.sleep(3)  # time for anything the server sends on its own
        again = await session.read_resource("probe://static/hello")
        say("static read", [getattr(c, "text", None) for c in again.contents])
    finally:
        await client.close_all_sessions()


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
