"""fastmcp's `Client` as an app that uses its optional calls: resource templates, argument completion, and a tool
call it gives up on (`timeout=`). fastmcp's own API has no call for resources/subscribe.

    python fastmcp_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

Prints one JSON line per step (what the client handed back)."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from fastmcp import Client
from fastmcp.client.transports import StdioTransport
from mcp.types import PromptReference


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def main(command: str, *args: str) -> None:
    async with Client(StdioTransport(command=command, args=list(args))) as client:
        say("protocol", client.protocol_version)
        await client.list_tools()
        templates = await client.list_resource_templates()
        item = await client.read_resource(templates[0].uri_template.replace("{id}", "42"))
        say("template read", [getattr(c, "text", None) for c in item])
        completion = await client.complete(PromptReference(name="probe_prompt"), {"name": "topic", "value": "ca"})
        say("completion", completion.values)
        try:  # the app stops waiting after a second
            await client.call_tool("slow_task", {"seconds": 20}, timeout=1)
            say("gave up", False)
        except Exception as exc:
            say("gave up", f"{type(exc).__name__}: {exc}")


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
