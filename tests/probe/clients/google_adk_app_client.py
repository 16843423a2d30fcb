"""Google ADK's `McpToolset` as an app that uses what it offers beyond tools: a progress callback, the stdio
connection's timeout (which ADK also makes every request's read timeout), and resources by name.

    python google_adk_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

`McpToolset` has no call for resource templates, completions, resource subscriptions or the log level (its public
methods: get_tools, list_resources, get_resource_info, read_resource by a listed resource's name, close). So the
app builds the toolset with `progress_callback` and `StdioConnectionParams(timeout=2)`, lists the resources and
reads the first by name, runs `slow_task` for 1 s the way an agent would (`run_async` with the tool context of an
invocation whose agent never runs; no model), and runs it for 20 s, which the 2-second read timeout gives up on.
Prints one JSON line per step (what the toolset handed back)."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

from google.adk.agents import LlmAgent
from google.adk.agents.invocation_context import InvocationContext
from google.adk.sessions import InMemorySessionService
from google.adk.tools.mcp_tool import McpToolset
from google.adk.tools.mcp_tool.mcp_session_manager import StdioConnectionParams
from google.adk.tools.tool_context import ToolContext
from mcp import StdioServerParameters


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def tool_context() -> ToolContext:
    sessions = InMemorySessionService()
    session = await sessions.create_session(app_name="canimcp", user_id="probe")
    agent = LlmAgent(name="probe")  # never run
    invocation = InvocationContext(session_service=sessions, invocation_id="probe", agent=agent, session=session)
    return ToolContext(invocation)


async def main(command: str, *args: str) -> None:
    steps: list[float] = []

    async def progressed(progress: float, total: float | None, message: str | None) -> None:
        steps.append(progress)

    server = StdioServerParameters(command=command, args=list(args))
    toolset = McpToolset(
        connection_params=StdioConnectionParams(server_params=server, timeout=2),  # connect and read timeout
        progress_callback=progressed,
    )
    try:
        tools = {tool.name: tool for tool in await toolset.get_tools()}
        names = await toolset.list_resources()
        contents = await toolset.read_resource(names[0])
        say("resource read by name", {"name": names[0], "text": [getattr(c, "text", None) for c in contents]})

        context = await tool_context()
        result = await tools["slow_task"].run_async(args={"seconds": 1}, tool_context=context)
        say("progress", {"result": result, "steps": steps})

        started = time.monotonic()
        try:  # the read timeout runs out after two seconds
            result = await tools["slow_task"].run_async(args={"seconds": 20}, tool_context=context)
            say("gave up", {"after": round(time.monotonic() - started, 1), "result": result})
        except Exception as exc:
            say("gave up", {"after": round(time.monotonic() - started, 1), "error": f"{type(exc).__name__}: {exc}"})
        await asyncio.sleep(0.5)
    finally:
        await toolset.close()


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
