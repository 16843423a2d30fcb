"""The official Python SDK (`mcp`) as an app that uses the optional calls of its `Client`: resource templates,
argument completion, progress, a call it gives up on, server logging and a resource subscription.

    python py_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

What the app asks for depends on the revision the SDK negotiated: in the handshake eras it calls
`set_logging_level` and `subscribe_resource`; in 2026-07-28, where both requests are gone, it opts in to log
messages with `Client(log_level=...)` and subscribes to the resource on a `Client.listen` stream. Prints one JSON
line per step (what the SDK handed back), and exits once the subscribed resource was read again (or after 10 s)."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

import anyio
from mcp import Client, MCPError
from mcp.client.stdio import StdioServerParameters
from mcp.client.subscriptions import ResourceUpdated
from mcp.types import LoggingMessageNotificationParams, PromptReference, ResourceUpdatedNotification

LEGACY_ONLY = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def logged(params: LoggingMessageNotificationParams) -> None:
    say("log", params.data)


async def main(command: str, *args: str) -> None:
    updated = anyio.Event()

    async def on_message(message: Any) -> None:
        if isinstance(message, ResourceUpdatedNotification):  # how a handshake-era update reaches the app
            updated.set()

    server = StdioServerParameters(command=command, args=list(args))
    async with Client(server, logging_callback=logged, log_level="info", message_handler=on_message) as client:
        handshake = client.protocol_version in LEGACY_ONLY
        say("protocol", client.protocol_version)
        await client.list_tools()
        static = (await client.list_resources()).resources[0].uri
        if handshake:  # the deprecated requests, first thing, as an app that wants every log line would
            await client.set_logging_level("info")
            await client.subscribe_resource(str(static))
        templates = await client.list_resource_templates()
        template = templates.resource_templates[0].uri_template
        item = await client.read_resource(template.replace("{id}", "42"))
        say("template read", [getattr(c, "text", None) for c in item.contents])

        completion = await client.complete(PromptReference(name="probe_prompt"), {"name": "topic", "value": "ca"})
        say("completion", completion.completion.values)

        steps: list[float] = []

        async def progressed(progress: float, total: float | None, message: str | None) -> None:
            steps.append(progress)

        await client.call_tool("slow_task", {"seconds": 1}, progress_callback=progressed)
        say("progress", steps)

        try:  # the app stops waiting after a second; the SDK tells the server it gave the request up
            await client.call_tool("slow_task", {"seconds": 20}, read_timeout_seconds=1)
            say("gave up", False)
        except MCPError as exc:
            say("gave up", str(exc))

        with anyio.fail_after(10):
            if handshake:
                await updated.wait()
            else:
                async with client.listen(resource_subscriptions=[str(static)]) as subscription:
                    async for event in subscription:
                        if isinstance(event, ResourceUpdated):
                            break
            again = await client.read_resource(static)
            say("read after update", [getattr(c, "text", None) for c in again.contents])


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
