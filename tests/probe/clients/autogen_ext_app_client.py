"""AutoGen's `McpWorkbench` (PyPI `autogen-ext` 0.7.5, its `mcp` extra, with `mcp<2` beside it) as an app that uses
what the workbench offers of the optional features: resource templates, and giving up on a tool call, once through
the `CancellationToken` that `call_tool` takes and once through the read timeout of `StdioServerParams`.

    python autogen_ext_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

The workbench has no call for argument completion, log levels or resource subscriptions, takes no progress,
log or message handler, and does not hand out its session, so the app asks for none of them. It still calls the
one-second task once, to show what a plain call carries. `read_timeout_seconds=3` replaces the default of 5 s
(every request over stdio), long enough for the one-second task. Prints one JSON line per step (what the
workbench handed back)."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

from autogen_core import CancellationToken
from autogen_ext.tools.mcp import McpWorkbench, StdioServerParams


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def main(command: str, *args: str) -> None:
    params = StdioServerParams(command=command, args=list(args), read_timeout_seconds=3)
    async with McpWorkbench(server_params=params) as workbench:
        await workbench.list_tools()  # the session initializes in the workbench's background task
        say("protocol", workbench.initialize_result.protocolVersion)
        templates = await workbench.list_resource_templates()
        template = templates.resourceTemplates[0].uriTemplate
        item = await workbench.read_resource(template.replace("{id}", "42"))
        say("template read", [getattr(c, "text", None) for c in item.contents])

        done = await workbench.call_tool("slow_task", {"seconds": 1})
        say("plain call", done.to_text())

        token = CancellationToken()  # the app cancels the call after a second
        call = asyncio.ensure_future(workbench.call_tool("slow_task", {"seconds": 20}, cancellation_token=token))
        await asyncio.sleep(1)
        try:
            token.cancel()
            say("token cancelled", True)
        except Exception as exc:
            say("token cancelled", f"{type(exc).__name__}: {exc}")
        start = time.monotonic()
        try:
            result = await asyncio.wait_for(asyncio.shield(call), 5)
            say(
                "cancelled call",
                {"is_error": result.is_error, "text": result.to_text(), "after": time.monotonic() - start},
            )
        except Exception as exc:
            say("cancelled call", f"{type(exc).__name__}: {exc}")

        result = await workbench.call_tool("slow_task", {"seconds": 20})  # the read timeout runs out after 3 s
        say("timed out call", {"is_error": result.is_error, "text": result.to_text()})
        await asyncio.sleep(1)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
