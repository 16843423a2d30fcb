"""An agent on the OpenAI Agents SDK with the probe as its MCP server, as the SDK's documentation shows it.

python openai_agents_agent.py stdio CMD ARGS...   |   python openai_agents_agent.py http|sse URL
The MCP server object is the plain script's (`MCPServerStdio`, `MCPServerStreamableHttp`, or `MCPServerSse` for the
legacy HTTP+SSE transport), with default options, handed to an `Agent` through `mcp_servers`. The model is the
SDK's `OpenAIChatCompletionsModel` on an `AsyncOpenAI` client whose base URL is the scripted model's
(`CANIMCP_MODEL_URL`, Chat Completions at `/v1`; harness/model.py), with a dummy key. `Runner.run` runs one user
turn with `max_turns` raised from the SDK's 10 to 30 (each tool call takes a turn; the scripted model makes about
12), and the agent's final text is printed. The agent has no instructions of its own. Tracing is switched off
(`set_tracing_disabled`): it would upload traces to OpenAI with the dummy key; it changes nothing the model is sent.
Needs nothing beside `openai-agents` (it depends on `openai`).
"""

import asyncio
import os
import sys

from agents import Agent, OpenAIChatCompletionsModel, Runner, set_tracing_disabled
from agents.mcp import MCPServer, MCPServerSse, MCPServerStdio, MCPServerStreamableHttp
from openai import AsyncOpenAI

PROMPT = "Run the probe's scenarios, then report what you find."


def server() -> MCPServer:
    if sys.argv[1] == "stdio":
        return MCPServerStdio(params={"command": sys.argv[2], "args": sys.argv[3:]}, name="probe")
    if sys.argv[1] == "sse":
        return MCPServerSse(params={"url": sys.argv[2]}, name="probe")
    return MCPServerStreamableHttp(params={"url": sys.argv[2]}, name="probe")


async def main() -> None:
    set_tracing_disabled(True)
    client = AsyncOpenAI(base_url=os.environ["CANIMCP_MODEL_URL"] + "/v1", api_key="canimcp-scripted-model")
    model = OpenAIChatCompletionsModel(model="canimcp-scripted", openai_client=client)
    async with server() as probe:
        agent = Agent(name="probe-agent", model=model, mcp_servers=[probe])
        result = await Runner.run(agent, PROMPT, max_turns=30)
    print(result.final_output)


asyncio.run(main())
