"""LastMile AI's mcp-agent as an app that uses what an `Agent` offers of the optional MCP features: a resource read
at a URI the app fills in from the probe's template `probe://items/{id}` itself, a call to the slow tool, and a
call to it that the library gives up on after `read_timeout_seconds` (a server setting, 2 s here, the session's
read timeout for every request). `Agent` has no call for resources/templates/list, completion/complete,
resources/subscribe or logging/setLevel, takes no progress or log callback, so the app makes none of those
requests; it only waits a few seconds in case a server message arrives on its own.

    python mcp_agent_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

Run it with the mcp-agent venv's Python (mcp-agent 0.2.6 with mcp<2 installed beside it, mcp 1.30.0). The app is
set up like the harness's (tests nothing but the probe): Settings in code, logger, OpenTelemetry, usage telemetry
and subagents off, no LLM. Prints one JSON line per step (what the agent handed back)."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from mcp_agent.agents.agent import Agent
from mcp_agent.app import MCPApp
from mcp_agent.config import LoggerSettings, OpenTelemetrySettings, Settings, SubagentSettings, UsageTelemetrySettings

TIMEOUT = 2  # MCPServerSettings.read_timeout_seconds


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


def texts(result: Any) -> list[Any]:
    return [getattr(c, "text", None) for c in getattr(result, "content", None) or getattr(result, "contents", [])]


async def main(command: str, *args: str) -> None:
    server = {"transport": "stdio", "command": command, "args": list(args), "read_timeout_seconds": TIMEOUT}
    settings = Settings(
        mcp={"servers": {"probe": server}},
        logger=LoggerSettings(type="none", transports=["none"], level="error"),
        otel=OpenTelemetrySettings(enabled=False),
        usage_telemetry=UsageTelemetrySettings(enabled=False),
        agents=SubagentSettings(enabled=False),
    )
    app = MCPApp(name="canimcp-app", settings=settings)
    async with app.run():
        agent = Agent(name="canimcp-app", server_names=["probe"])
        async with agent:  # connects, initializes, lists tools, prompts and resources
            capabilities = await agent.get_capabilities("probe")
            say("server capabilities", sorted(k for k, v in capabilities.model_dump().items() if v is not None))
            say("tools", [t.name for t in (await agent.list_tools()).tools])
            say("resources", [str(r.uri) for r in (await agent.list_resources()).resources])

            # no call lists templates; the app fills the probe's template in itself
            item = await agent.read_resource("probe://items/42", server_name="probe")
            say("template read", texts(item))

            # call_tool takes no progress callback: an ordinary call to the slow tool
            say("slow_task 1 s", texts(await agent.call_tool("probe_slow_task", {"seconds": 1})))

            # the session's read timeout runs out after TIMEOUT seconds; the agent hands back an error result
            gave_up = await agent.call_tool("probe_slow_task", {"seconds": 20})
            say("gave up", {"isError": gave_up.isError, "text": texts(gave_up)})

            await asyncio.sleep(3)  # time for anything the server sends on its own
            again = await agent.read_resource("probe://static/hello", server_name="probe")
            say("static read", texts(again))


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
