"""An AG2 agent with the probe's `MCPToolkit` among its tools, as AG2's MCP page shows it, run for one prompt
against canimcp's scripted model.

python ag2_agent.py stdio CMD ARGS...   |   python ag2_agent.py http URL
The toolkit is ag2_client.py's (`MCPStdioServerConfig` with the command, or the URL for Streamable HTTP), with its
defaults. The model is AG2's `OpenAIConfig` (Chat Completions, through the OpenAI client library of the `openai`
extra) with `base_url` at the scripted model ($CANIMCP_MODEL_URL/v1) and a dummy key. No prompt of its own, so the
agent sends only what AG2 adds by default; `agent.ask` runs one turn (the model's tool calls, until it answers with
text), and the reply's body is printed.
Needs, beside `ag2[mcp]`: `ag2[openai]` (the OpenAI client library).
"""

import asyncio
import os

from ag2 import Agent
from ag2.config import OpenAIConfig
from ag2_client import probe_toolkit  # the plain script, shipped beside this one: the probe's toolkit

PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    config = OpenAIConfig(
        model="canimcp-scripted", base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1", api_key="canimcp-scripted-model"
    )
    agent = Agent("probe-agent", config=config, tools=[probe_toolkit()])
    reply = await agent.ask(PROMPT)
    print(reply.body)


asyncio.run(main())
