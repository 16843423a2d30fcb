"""An agent on Pydantic AI, as its documentation shows it: an `Agent` on an OpenAI chat model, with the probe's
MCP toolset, defaults only.

python pydantic_ai_agent.py stdio CMD ARGS...   |   python pydantic_ai_agent.py http|sse URL
The toolset is built as in pydantic_ai_client.py (`MCPToolset`, or 1.x's `MCPServerStdio`,
`MCPServerStreamableHTTP` and `MCPServerSSE`). The model is `OpenAIChatModel` (Chat Completions) with an
`OpenAIProvider` whose base URL is the scripted model's (`$CANIMCP_MODEL_URL/v1`) and a dummy key. The script runs
one user turn with `agent.run` (its default usage limits allow far more model requests than the dozen tool calls
the scripted model makes) and prints the agent's final text. No instructions, no tool-result handling of its own.
One setting is not a default: `retries=4`. The toolset hands a failed call to the model as a retry, and the agent
allows one retry per tool by default, then ends the run with an error; the probe's `run_scenarios` may fail up to
three times in a row (each refused request ends a call) before it completes, and the model calls it again each time.
Needs, beside the client: the `openai` extra of pydantic-ai-slim (the `openai` package).
"""

import asyncio
import os

from pydantic_ai import Agent
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider
from pydantic_ai_client import toolset  # the plain script, shipped beside this one: its connection

PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    provider = OpenAIProvider(base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1", api_key="canimcp-scripted-model")
    agent = Agent(OpenAIChatModel("canimcp-scripted", provider=provider), toolsets=[toolset()], retries=4)
    result = await agent.run(PROMPT)
    print(result.output)


asyncio.run(main())
