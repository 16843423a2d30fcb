"""An agent on LastMile AI's mcp-agent, as its README shows it: an `Agent` on an `MCPApp` with an
`OpenAIAugmentedLLM` attached, defaults only.

python mcp_agent_agent.py stdio CMD ARGS...   |   python mcp_agent_agent.py http|sse URL
The one server, `probe`, and the app's settings are as in mcp_agent_client.py (no config file, no logger transport,
OpenTelemetry, usage telemetry and subagent discovery off), plus `openai` settings: the scripted model's base URL
(`$CANIMCP_MODEL_URL/v1`), a dummy key and the model name. The LLM speaks Chat Completions. The script runs one user
turn with `generate_str` and prints the agent's final text. No instruction or tool-result handling of its own. One
setting is not a default: `max_iterations=20` in the request params; the default, 10 model turns, is fewer than the
scripted model's dozen tool calls and final answer.
Needs, beside the client: mcp-agent's `openai` extra (the `openai` package).
"""

import asyncio
import os
import sys

from mcp_agent.agents.agent import Agent
from mcp_agent.app import MCPApp
from mcp_agent.config import (
    LoggerSettings,
    OpenAISettings,
    OpenTelemetrySettings,
    Settings,
    SubagentSettings,
    UsageTelemetrySettings,
)
from mcp_agent.workflows.llm.augmented_llm import RequestParams
from mcp_agent.workflows.llm.augmented_llm_openai import OpenAIAugmentedLLM

PROMPT = "Run the probe's scenarios, then report what you find."


def settings() -> Settings:
    if sys.argv[1] == "stdio":
        server = {"transport": "stdio", "command": sys.argv[2], "args": sys.argv[3:]}
    else:
        server = {"transport": "sse" if sys.argv[1] == "sse" else "streamable_http", "url": sys.argv[2]}
    return Settings(
        mcp={"servers": {"probe": server}},
        openai=OpenAISettings(
            api_key="canimcp-scripted-model",
            base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
            default_model="canimcp-scripted",
        ),
        logger=LoggerSettings(type="none", transports=["none"], level="error"),
        otel=OpenTelemetrySettings(enabled=False),
        usage_telemetry=UsageTelemetrySettings(enabled=False),
        agents=SubagentSettings(enabled=False),
    )


async def main() -> None:
    app = MCPApp(name="canimcp", settings=settings())
    async with app.run():
        agent = Agent(name="canimcp", server_names=["probe"])
        async with agent:
            llm = await agent.attach_llm(OpenAIAugmentedLLM)
            print(await llm.generate_str(PROMPT, request_params=RequestParams(max_iterations=20)))


asyncio.run(main())
