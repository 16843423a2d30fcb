"""LlamaIndex's `BasicMCPClient` (PyPI `llama-index-tools-mcp`) as an app that uses what the client offers of the
optional features: resource templates, a progress callback and a read timeout that gives up on a call.

    python llama_index_tools_mcp_app_client.py COMMAND [ARGS...]   (the stdio server to spawn: canimcp probe stdio)

`BasicMCPClient` holds no connection: each of its calls opens a session of its own (for stdio, a new server
process, so give a command that writes one report per process), and one run of this app makes one session per
call, in this order: list the resource templates, read `probe://items/42` filled in from the first one, call
`slow_task` for one second with a progress callback, and call `slow_task` for twenty seconds on a client made with
`timeout=1` (the session's read timeout; the default is 30 s). `BasicMCPClient` subclasses the Python SDK's
`ClientSession` without setting one up, so it also inherits `complete`, `set_logging_level` and
`subscribe_resource`; the app tries each and records how it fails (no session is opened for them). Prints one JSON
line per step (what the client handed back)."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from llama_index.tools.mcp import BasicMCPClient
from mcp.types import PromptReference


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def main(command: str, *args: str) -> None:
    client = BasicMCPClient(command, args=list(args))
    templates = await client.list_resource_templates()
    template = templates.resource_templates[0].uri_template
    say("templates", [t.uri_template for t in templates.resource_templates])
    item = await client.read_resource(template.replace("{id}", "42"))
    say("template read", [getattr(c, "text", None) for c in item.contents])

    inherited = {
        "complete": lambda: client.complete(PromptReference(name="probe_prompt"), {"name": "topic", "value": "ca"}),
        "set_logging_level": lambda: client.set_logging_level("info"),
        "subscribe_resource": lambda: client.subscribe_resource("probe://static/hello"),
    }
    for name, call in inherited.items():  # ClientSession's own methods, on an object that never opened a session
        try:
            say(name, await call())
        except Exception as exc:
            say(name, f"{type(exc).__name__}: {exc}")

    steps: list[float] = []

    async def progressed(progress: float, total: float | None, message: str | None) -> None:
        steps.append(progress)

    await client.call_tool("slow_task", {"seconds": 1}, progress_callback=progressed)
    say("progress", steps)

    quick = BasicMCPClient(command, args=list(args), timeout=1)
    try:  # the session's read timeout runs out after a second
        await quick.call_tool("slow_task", {"seconds": 20})
        say("gave up", False)
    except Exception as exc:  # the session's task group wraps the SDK's error
        while isinstance(exc, BaseExceptionGroup) and len(exc.exceptions) == 1:
            exc = exc.exceptions[0]
        say("gave up", f"{type(exc).__name__}: {exc}")


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
