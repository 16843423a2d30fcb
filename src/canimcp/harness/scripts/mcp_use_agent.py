"""An agent on mcp-use: its `MCPAgent` with a LangChain chat model, as its documentation shows it, defaults only.

python mcp_use_agent.py stdio CMD ARGS...   |   python mcp_use_agent.py http|sse URL
CANIMCP_MODEL_URL: the scripted model's base URL (harness/model.py); its OpenAI Chat Completions API is used.
It configures the probe like the plain script (mcp_use_client.py): one server entry in `MCPClient.from_dict`, with
a `url` and no transport key for HTTP (mcp-use tries Streamable HTTP, then falls back to the legacy HTTP+SSE
transport, so the sse run gives it the probe's /sse URL), and `"auth": {}` with CANIMCP_AUTH=1. An `MCPAgent` gets
that client and a `ChatOpenAI` model pointed at the scripted model (a dummy key); mcp-use's own system prompt and
tool handling stay as they are. `max_steps` (its limit on model calls, default 5) is raised to 30, room for the
dozen tool calls the scripted model makes. It runs one user turn, prints the final text, stays connected for a few
seconds like the plain script, and closes the sessions.
Needs beside the client: `langchain-openai` (mcp-use itself brings `langchain`).
"""

import asyncio
import os
import sys

from langchain_openai import ChatOpenAI
from mcp_use import MCPAgent, MCPClient

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    server = {"command": sys.argv[2], "args": sys.argv[3:]} if sys.argv[1] == "stdio" else {"url": sys.argv[2]}
    if sys.argv[1] == "http" and os.environ.get("CANIMCP_AUTH") == "1":
        server["auth"] = {}
    client = MCPClient.from_dict({"mcpServers": {"probe": server}})
    model = ChatOpenAI(
        model="canimcp-scripted", base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1", api_key="canimcp-scripted-model"
    )
    agent = MCPAgent(llm=model, client=client, max_steps=30)
    print(await agent.run(PROMPT))
    await asyncio.sleep(HOLD)
    await client.close_all_sessions()


asyncio.run(main())
