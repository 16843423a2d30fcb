"""An agent on Marvin with the probe as its MCP server, as Marvin's MCP guide shows it: defaults only.

python marvin_agent.py stdio CMD ARGS...   |   python marvin_agent.py http|sse URL
The server is the plain script's (`MCPServerStdio`, `MCPServerStreamableHTTP`, or `MCPServerSSE` for the legacy
HTTP+SSE transport, with default options), given to a `marvin.Agent` in `mcp_servers`; `agent.run_async` runs one
task with it. The model is Marvin's default (`marvin.settings.agent_model`, `openai:gpt-4o`), which Pydantic AI 1.x
builds as an `OpenAIChatModel` (Chat Completions) whose OpenAI client reads `OPENAI_BASE_URL` and `OPENAI_API_KEY`
from the environment: they are set here to the scripted model (`$CANIMCP_MODEL_URL/v1`) and a dummy key, as a user
would export them. No name, instructions or settings of its own, so Marvin's own prompts go to the model. A Marvin
task ends only through its end-turn tool (`MarkTaskSuccessful_<id>`, offered as Pydantic AI's output tool), which the
scripted model never calls: its closing text is refused once and the run then raises Pydantic AI's
`UnexpectedModelBehavior` ("Exceeded maximum output retries"), which is printed, not raised.
Needs nothing beside `marvin` (its `pydantic-ai` dependency brings the OpenAI client).
"""

import asyncio
import os
import sys

os.environ.setdefault("OPENAI_BASE_URL", f"{os.environ['CANIMCP_MODEL_URL']}/v1")
os.environ.setdefault("OPENAI_API_KEY", "canimcp-scripted-model")

import marvin  # after the environment it reads
from marvin_client import server  # the plain script, shipped beside this one: its connection

PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    agent = marvin.Agent(mcp_servers=[server()])
    try:
        print(await agent.run_async(PROMPT))
    except Exception as exc:  # how the run ended is part of the record
        print(f"run_async: {type(exc).__name__}: {exc}", file=sys.stderr)


asyncio.run(main())
