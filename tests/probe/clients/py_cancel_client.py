"""The official Python SDK (`mcp`) as an app that gives up a slow call: it asks `slow_task` for 20 seconds with a
one-second `read_timeout_seconds`, then makes one more call, so the run shows how the call was given up and that
the client went on. Over Streamable HTTP in 2026-07-28 the revision's way is to close the call's response stream.
It waits a moment before that next call: a message sent in the same instant as the close may reach the probe
before it, and the probe counts a closed stream as cancelling only when the client spoke after it.

    python py_cancel_client.py URL    (a Streamable HTTP endpoint, e.g. canimcp probe serve's /mcp)

Prints one JSON line per step (what the SDK handed back)."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from mcp import Client, MCPError


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def main(url: str) -> None:
    async with Client(url, mode="auto") as client:
        say("protocol", client.protocol_version)
        try:
            await client.call_tool("slow_task", {"seconds": 20}, read_timeout_seconds=1)
            say("gave up", False)
        except MCPError as exc:
            say("gave up", str(exc))
        await asyncio.sleep(0.3)
        echoed = await client.call_tool("echo", {"text": "after"})
        say("next call", [getattr(c, "text", None) for c in echoed.content])


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
