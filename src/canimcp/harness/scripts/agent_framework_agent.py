"""An agent on Microsoft Agent Framework with the probe as its MCP tool, as the framework's documentation shows it.

python agent_framework_agent.py stdio CMD ARGS...   |   python agent_framework_agent.py http URL
The MCP tool is the plain script's (`MCPStdioTool` or `MCPStreamableHTTPTool`, default options), entered with
`async with` and handed to an `Agent` through `tools`. The model is the framework's `OpenAIChatClient` (OpenAI's
Responses API) with its base URL the scripted model's (`CANIMCP_MODEL_URL`, at `/v1`; harness/model.py) and a dummy
key. The script runs one user turn with `agent.run` and prints the agent's final text. The agent has no instructions
of its own. Needs, beside the client: `agent-framework-openai`.
"""

import asyncio
import os
import sys

from agent_framework import Agent, MCPStdioTool, MCPStreamableHTTPTool
from agent_framework.openai import OpenAIChatClient

PROMPT = "Run the probe's scenarios, then report what you find."


def probe_tool() -> MCPStdioTool | MCPStreamableHTTPTool:
    if sys.argv[1] == "stdio":
        return MCPStdioTool(name="probe", command=sys.argv[2], args=sys.argv[3:])
    return MCPStreamableHTTPTool(name="probe", url=sys.argv[2])


async def main() -> None:
    model = OpenAIChatClient(
        model="canimcp-scripted",
        base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        api_key="canimcp-scripted-model",
    )
    async with probe_tool() as probe:
        agent = Agent(client=model, name="probe-agent", tools=probe)
        result = await agent.run(PROMPT)
        print(result.text)


asyncio.run(main())
