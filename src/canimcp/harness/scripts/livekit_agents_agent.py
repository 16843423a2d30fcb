"""A LiveKit Agents voice agent with the probe as its MCP server, driven by text as LiveKit's testing helpers drive
it: no room, no audio, no LiveKit server.

python livekit_agents_agent.py stdio CMD ARGS...   |   python livekit_agents_agent.py http|sse URL
The MCP server is the plain script's (`MCPServerStdio`, or `MCPServerHTTP` with the URL), with default options,
wrapped in an `MCPToolset` among the `Agent`'s tools, as the documentation shows. The model is the OpenAI plugin's
`openai.LLM` (Chat Completions) at the scripted model (`base_url` = `$CANIMCP_MODEL_URL/v1`), with a dummy key. The
`AgentSession` gets that model and no STT, TTS or VAD, and `start(agent)` with no room starts it with no audio in or
out, as LiveKit's test examples do; `run(user_input=...)` then runs one user turn through the agent's
own pipeline (the model, its tool calls and their results, until it answers with text), and each event of the run
is printed. Closing the session closes the toolset and its MCP connection.

One option is not the default: `max_tool_steps`. With the default, 3, the session runs the model's first round of
tool calls and three more, then asks for the answer with `tool_choice="none"`; the scripted model spends four rounds
on the probe's `run_scenarios`, so in a first run with the default the turn ended right after those calls and the
model never reached the calls that show what of a server's instructions and tool results it is given. 25 leaves room
for all of them. It is an agent option only: the MCP server, its connection and every request are the same.
"""

import asyncio
import os

from livekit.agents import Agent, AgentSession
from livekit.agents.llm import mcp
from livekit.plugins import openai
from livekit_agents_client import server  # the plain script, shipped beside this one: its connection

MAX_TOOL_STEPS = 25  # the default, 3, ends the turn after run_scenarios, before the context checks (docstring)
PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    model = openai.LLM(
        model="canimcp-scripted",
        base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        api_key="canimcp-scripted-model",
    )
    agent = Agent(
        instructions="You are a helpful assistant.",
        tools=[mcp.MCPToolset(id="probe", mcp_server=server())],
    )
    async with model, AgentSession(llm=model, max_tool_steps=MAX_TOOL_STEPS) as session:
        await session.start(agent)
        result = await session.run(user_input=PROMPT)
        for event in result.events:
            print(repr(event)[:300])


asyncio.run(main())
