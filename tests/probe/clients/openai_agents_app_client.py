"""The OpenAI Agents SDK (`openai-agents`) as an app that uses what its MCP server classes offer beyond tools:
resource templates, a tool call with request `_meta`, a read timeout that gives up on a call, and the
`message_handler` that sees the server's notifications.

    python openai_agents_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

`MCPServerStdio` has no call for completions, resource subscriptions or the log level, and no progress callback
(its public methods: connect, cleanup, list_tools, call_tool, list_prompts, get_prompt, list_resources,
list_resource_templates, read_resource). So the app lists the templates and reads `probe://items/42`, passes a
`progressToken` of its own in `call_tool(meta=...)` (on a 2026-07-28 connection also the
`io.modelcontextprotocol/logLevel` key, the era's opt-in to log messages), counts the notifications its
`message_handler` is handed, and calls `slow_task` for 20 s with `client_session_timeout_seconds=2`, the
session-wide read timeout (the app does not reach for `server.session`, the Python SDK session beneath). Prints
one JSON line per step (what the library handed back)."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from agents.mcp import MCPServerStdio

LOG_LEVEL_META = "io.modelcontextprotocol/logLevel"
LEGACY_ONLY = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def main(command: str, *args: str) -> None:
    seen: list[str] = []

    async def on_message(message: Any) -> None:  # every server notification the session surfaces
        method = getattr(message, "method", type(message).__name__)
        seen.append(method)
        if method in ("notifications/message", "notifications/resources/updated"):
            say("notification", method)

    server = MCPServerStdio(
        params={"command": command, "args": list(args)},
        name="probe",
        client_session_timeout_seconds=2,  # the read timeout of every request, the only timeout the class takes
        message_handler=on_message,
    )
    async with server:
        # the initialize result, None when the session began with server/discover (2026-07-28)
        version = getattr(server.server_initialize_result, "protocol_version", None)
        handshake = version in LEGACY_ONLY
        say("protocol", version or "no initialize result (2026-07-28)")
        await server.list_tools()
        templates = await server.list_resource_templates()
        template = templates.resource_templates[0].uri_template
        item = await server.read_resource(template.replace("{id}", "42"))
        say("template read", [getattr(c, "text", None) for c in item.contents])

        meta: dict[str, Any] = {"progressToken": "app-progress-1"}
        if not handshake:  # 2026-07-28: a request asks for log messages in its own _meta
            meta[LOG_LEVEL_META] = "info"
        before = len(seen)
        await server.call_tool("slow_task", {"seconds": 1}, meta=meta)
        await asyncio.sleep(0.2)
        say("progress", [m for m in seen[before:] if m == "notifications/progress"])

        try:  # the read timeout runs out after two seconds
            await server.call_tool("slow_task", {"seconds": 20})
            say("gave up", False)
        except Exception as exc:
            say("gave up", f"{type(exc).__name__}: {exc}")
        await asyncio.sleep(0.5)
        say("notifications", seen)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
