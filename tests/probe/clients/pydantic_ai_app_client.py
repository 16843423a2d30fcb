"""Pydantic AI's `MCPToolset` (PyPI `pydantic-ai-slim`, its `mcp` extra) as an app that uses what the toolset
offers of the optional features: resource templates, a progress handler, a read timeout that gives up on a call,
and a log level with a log handler.

    python pydantic_ai_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

The toolset has no call for argument completion and none for resource subscriptions (its `client` attribute, the
fastmcp `Client` beneath it, is not used here), so the app asks for neither; its message handler only records an
update notification if one arrives. `log_level` is applied with logging/setLevel on a handshake-era session; on a
2026-07-28 session the toolset warns and skips it. `read_timeout=2` is the toolset's per-request timeout (its
default is 300 s), long enough for the one-second task and short enough to give up on the twenty-second one.
Prints one JSON line per step (what the toolset handed back)."""

from __future__ import annotations

import asyncio
import json
import sys
import warnings
from typing import Any

from fastmcp.client.transports import StdioTransport
from pydantic_ai.mcp import MCPToolset


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def main(command: str, *args: str) -> None:
    steps: list[float] = []

    async def progressed(progress: float, total: float | None, message: str | None) -> None:
        steps.append(progress)

    async def logged(message: Any) -> None:
        say("log", getattr(message, "data", message))

    async def on_message(message: Any) -> None:
        kind = type(getattr(message, "root", message)).__name__
        if "ResourceUpdated" in kind:
            say("update", kind)

    toolset = MCPToolset(
        StdioTransport(command=command, args=list(args)),
        log_handler=logged,
        log_level="info",
        progress_handler=progressed,
        message_handler=on_message,
        read_timeout=2,
        tool_error_behavior="error",
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        async with toolset:
            say("protocol", toolset.client.protocol_version)
            for warning in caught:
                say("warning", str(warning.message))
            await toolset.list_tools()
            templates = await toolset.list_resource_templates()
            say("templates", [t.uri_template for t in templates])
            item = await toolset.read_resource(templates[0].uri_template.replace("{id}", "42"))
            say("template read", item)

            await toolset.direct_call_tool("slow_task", {"seconds": 1})
            say("progress", steps)

            try:  # the toolset's read timeout runs out after two seconds
                await toolset.direct_call_tool("slow_task", {"seconds": 20})
                say("gave up", False)
            except Exception as exc:
                say("gave up", f"{type(exc).__name__}: {exc}")
            await asyncio.sleep(1)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
