"""An agent on Agno's MCP toolkit, as its documentation shows it: defaults only, against the scripted model.

python agno_agent.py stdio CMD ARGS...   |   python agno_agent.py http|sse URL
Connects as agno_client.py does (`MCPTools(command=...)`, `MCPTools(url=...)` for Streamable HTTP or
`MCPTools(url=..., transport="sse")` for the legacy HTTP+SSE transport, entered as an async context manager) and
hands the toolkit to an `Agent` on `OpenAIChat` (OpenAI's Chat Completions at `$CANIMCP_MODEL_URL/v1`). No
instructions of its own; the agent sets no tool-call limit by default. `telemetry=False` only keeps Agno from
reporting the run to its own service (there is no network here). It runs one user turn with `arun` and prints
the agent's final text.
Needs, beside the client: openai.
"""

import asyncio
import os
import shlex
import sys

from agno.agent import Agent
from agno.models.openai import OpenAIChat
from agno.tools.mcp import MCPTools

PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    if sys.argv[1] == "stdio":
        tools = MCPTools(command=shlex.join(sys.argv[2:]))
    elif sys.argv[1] == "sse":
        tools = MCPTools(url=sys.argv[2], transport="sse")
    else:
        tools = MCPTools(url=sys.argv[2])
    model = OpenAIChat(
        id="canimcp-scripted",
        base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        api_key="canimcp-scripted-model",
    )
    async with tools:
        agent = Agent(model=model, tools=[tools], telemetry=False)
        response = await agent.arun(PROMPT)
        print(response.content)


asyncio.run(main())
