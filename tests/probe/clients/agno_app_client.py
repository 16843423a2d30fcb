"""Agno's `MCPTools` as an app that uses what the toolkit offers of the optional MCP features. `MCPTools` registers
the server's tools as Agno functions and offers nothing else of MCP (no resources, prompts, completion, subscription,
log level, or progress or log callback), so the app calls the probe's slow tool through its registered function,
as an agent would: once for one second, and once for 20 seconds with `timeout_seconds=2`, the toolkit's read
timeout for every request, which gives the call up after two seconds. Then it waits a few seconds in case a server
message arrives on its own.

    python agno_app_client.py [--auto] COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

Without `--auto` the toolkit keeps its default `protocol_mode="legacy"` (the initialize handshake); with it,
`protocol_mode="auto"`, in which fastmcp's client underneath tries 2026-07-28 first. Run it with the agno venv's
Python (agno 3.1.10 with its `mcp` extra: fastmcp 4.2.3 on mcp 2.3.0). Prints one JSON line per step (what the
toolkit handed back)."""

from __future__ import annotations

import asyncio
import json
import shlex
import sys
from typing import Any

from agno.tools.mcp import MCPTools

TIMEOUT = 2  # MCPTools(timeout_seconds=...)


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def main(*argv: str) -> None:
    mode = "legacy"
    if argv and argv[0] == "--auto":
        mode, argv = "auto", argv[1:]
    tools = MCPTools(command=shlex.join(argv), timeout_seconds=TIMEOUT, protocol_mode=mode)
    async with tools:  # connects and registers the server's tools as functions
        say("protocol", getattr(tools.session, "protocol_version", None))
        say("functions", sorted(tools.functions))
        slow = tools.functions["slow_task"]

        # the registered function takes the tool's arguments and nothing else (no progress callback)
        done = await slow.entrypoint(seconds=1)  # type: ignore[misc]
        say("slow_task 1 s", getattr(done, "content", done))

        # the toolkit's read timeout runs out after TIMEOUT seconds; the function hands back an error text
        gave_up = await slow.entrypoint(seconds=20)  # type: ignore[misc]
        say("gave up", getattr(gave_up, "content", gave_up))

        await asyncio.sleep(3)  # time for anything the server sends on its own


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
