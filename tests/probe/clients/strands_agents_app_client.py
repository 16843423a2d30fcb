"""Strands Agents' `MCPClient` as an app that uses what it offers beyond tools: resource templates, a progress
callback, and a per-call read timeout that gives up on a call.

    python strands_agents_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

`MCPClient` has no call for completions, resource subscriptions or the log level, and takes no handler for the
server's notifications (its public methods: start/stop, load_tools, list_tools_sync, list_prompts_sync,
get_prompt_sync, list_resources_sync, read_resource_sync, list_resource_templates_sync, call_tool_sync/_async,
the task calls). So the app lists the templates and reads `probe://items/42`, calls `slow_task` for 1 s with a
`progress_callback`, and calls it for 20 s with `read_timeout_seconds` of one second. Prints one JSON line per
step (what the client handed back)."""

from __future__ import annotations

import json
import sys
import time
from datetime import timedelta
from typing import Any

from mcp import StdioServerParameters, stdio_client
from strands.tools.mcp import MCPClient


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


def main(command: str, *args: str) -> None:
    params = StdioServerParameters(command=command, args=list(args))
    with MCPClient(lambda: stdio_client(params)) as client:
        client.list_tools_sync()
        templates = client.list_resource_templates_sync()
        template = templates.resource_templates[0].uri_template
        item = client.read_resource_sync(template.replace("{id}", "42"))
        say("template read", [getattr(c, "text", None) for c in item.contents])

        steps: list[float] = []

        async def progressed(progress: float, total: float | None, message: str | None) -> None:
            steps.append(progress)

        result = client.call_tool_sync("app-1", "slow_task", {"seconds": 1}, progress_callback=progressed)
        say("progress", {"status": result.get("status"), "steps": steps})

        started = time.monotonic()  # call_tool_sync reports a failure as a result with status "error"
        result = client.call_tool_sync("app-2", "slow_task", {"seconds": 20}, read_timeout_seconds=timedelta(seconds=1))
        say("gave up", {"after": round(time.monotonic() - started, 1), "result": result})
        time.sleep(0.5)


if __name__ == "__main__":
    main(*sys.argv[1:])
