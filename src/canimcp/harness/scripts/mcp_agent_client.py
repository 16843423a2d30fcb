"""A plain client on LastMile AI's mcp-agent, as its README shows it: an `MCPApp` and an `Agent`, no LLM.

python mcp_agent_client.py stdio CMD ARGS...   |   python mcp_agent_client.py http|sse URL
The one server, `probe`, is given in a Settings object (its `transport` is "stdio", "streamable_http", or "sse" for
the legacy HTTP+SSE transport), so no mcp_agent.config.yaml is looked for; the logger has no transport, and
OpenTelemetry, usage telemetry and subagent discovery are off. Entering the agent makes its aggregator open a
persistent connection and list the server's tools, prompts and resources; leaving it closes the connection. The
agent names a tool `<server>_<tool>`. It calls the probe's `run_scenarios` (again after each failure, up to four
times: the agent hands a failure back as a result with isError, or as the exception itself), stays connected for a
few seconds so the probe can send its requests, and leaves. Nothing answers the server's requests beyond
mcp-agent's defaults.
"""

import asyncio
import os
import sys
from typing import Any

from mcp_agent.agents.agent import Agent
from mcp_agent.app import MCPApp
from mcp_agent.config import LoggerSettings, OpenTelemetrySettings, Settings, SubagentSettings, UsageTelemetrySettings

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
TOOL = "probe_run_scenarios"


def settings(**more: Any) -> Settings:
    """The probe as the one server, logging and telemetry off; `more`: further settings (the agent script's model)."""
    if sys.argv[1] == "stdio":
        server = {"transport": "stdio", "command": sys.argv[2], "args": sys.argv[3:]}
    else:
        server = {"transport": "sse" if sys.argv[1] == "sse" else "streamable_http", "url": sys.argv[2]}
    return Settings(
        mcp={"servers": {"probe": server}},
        logger=LoggerSettings(type="none", transports=["none"], level="error"),
        otel=OpenTelemetrySettings(enabled=False),
        usage_telemetry=UsageTelemetrySettings(enabled=False),
        agents=SubagentSettings(enabled=False),
        **more,
    )


async def main() -> None:
    app = MCPApp(name="canimcp", settings=settings())
    async with app.run():
        agent = Agent(name="canimcp", server_names=["probe"])
        async with agent:
            tools = await agent.list_tools()
            if any(tool.name == TOOL for tool in tools.tools):
                for _ in range(4):  # at most one round each for roots, sampling and elicitation, then it completes
                    try:
                        result = await agent.call_tool(TOOL, {})
                    except Exception as exc:  # what it does with requests it cannot answer is on record
                        result = exc
                    if not isinstance(result, BaseException) and not result.isError:
                        break
                    print(f"run_scenarios: {result!r}", file=sys.stderr)
            await asyncio.sleep(HOLD)


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
