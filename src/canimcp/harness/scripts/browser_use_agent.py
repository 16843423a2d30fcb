"""A browser-use `Agent` with the tools of its `MCPClient`, as its documentation shows them, run for one task against
canimcp's scripted model.

python browser_use_agent.py stdio CMD ARGS...
The MCP connection is browser_use_client.py's (one server named "probe", over stdio), its tools registered as actions
of a `Tools` with `register_to_tools` and that `Tools` handed to the agent. The model: browser-use's own `ChatOpenAI`
at the scripted model's URL ($CANIMCP_MODEL_URL/v1) with a dummy key, Chat Completions. The agent asks for each step as
a JSON answer whose `action` list names the actions to run, and shows the model its earlier steps only as a history in
one user message, which the scripted model reads (harness/action_tools.py). The agent drives a real browser: browser-use
finds the system's Chromium (/usr/bin/chromium) and starts it itself, headless where there is no display and without
Chromium's own sandbox where it takes itself to be in a container (as in the harness's sandbox, whose first process is
Python); the page stays blank, since the task names no website. Everything else is the defaults, among them the
browser extensions it tries to download (the sandbox has no route out, so it goes on without them) and the judge it
asks the same model to grade the run with after `done` (the scripted model's plain text does not read as a verdict,
which the agent logs and passes over). The agent's final answer is printed.
"""

import asyncio
import os

from browser_use import Agent, ChatOpenAI, Tools
from browser_use_client import probe_client  # the plain script, shipped beside this one: its connection

TASK = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    llm = ChatOpenAI(
        model="canimcp-scripted",
        base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        api_key="canimcp-scripted-model",
    )
    client = probe_client()
    await client.connect()
    try:
        tools = Tools()
        await client.register_to_tools(tools)
        agent = Agent(task=TASK, llm=llm, tools=tools)
        history = await agent.run()
        print(history.final_result())
    finally:
        await client.disconnect()


asyncio.run(main())
