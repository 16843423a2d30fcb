"""An Upsonic agent with an `MCPHandler` among its task's tools, as its documentation shows it, run for one task
against canimcp's scripted model.

python upsonic_agent.py stdio CMD ARGS...   |   python upsonic_agent.py http|sse URL
The MCP connection is upsonic_client.py's (`MCPHandler` with a command, or a URL and its transport), handed to a
`Task` in its `tools`. The model: Upsonic's `OpenAIChatModel` on an `OpenAIProvider` whose base URL is the scripted
model's ($CANIMCP_MODEL_URL/v1), with a dummy key: the documented way to reach an OpenAI-compatible endpoint (Chat
Completions). The agent gets a model and nothing else, so its default limits apply; `do_async` runs the task (the
model's tool calls, until it answers with text) and its answer is printed. Upsonic closes the task's handler when
the task ends.
"""

import asyncio
import os

from upsonic import Agent, Task
from upsonic.models.openai import OpenAIChatModel
from upsonic.providers.openai import OpenAIProvider
from upsonic_client import probe_handler  # the plain script, shipped beside this one: the probe's handler


async def main() -> None:
    provider = OpenAIProvider(base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1", api_key="canimcp-scripted-model")
    agent = Agent(model=OpenAIChatModel("canimcp-scripted", provider=provider))
    task = Task(description="Run the probe's scenarios, then report what you find.", tools=[probe_handler()])
    print(await agent.do_async(task))


asyncio.run(main())
