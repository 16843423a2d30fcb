"""An agent on LangChain's MCP adapters, as their documentation shows it: LangChain's standard agent, defaults only.

python langchain_mcp_adapters_agent.py stdio CMD ARGS...   |   python langchain_mcp_adapters_agent.py http|sse URL
CANIMCP_MODEL_URL: the scripted model's base URL (harness/model.py); its OpenAI Chat Completions API is used.
It connects like the plain script (langchain_mcp_adapters_client.py): a `MultiServerMCPClient` with the probe as
its one server, one session kept open with `client.session(...)`, its tools as LangChain tools via `load_mcp_tools`.
Those tools go to LangChain's `create_agent` with a `ChatOpenAI` model pointed at the scripted model (a dummy key,
no system prompt), which runs one user turn; its final text is printed. The agent's step limit (LangGraph's
recursion limit) is set to 50, room for the dozen tool calls the scripted model makes. Then it stays connected for
a few seconds, like the plain script, and leaves the session.
Needs beside the client: `langchain` (for `langchain.agents.create_agent`) and `langchain-openai`.
"""

import asyncio
import os
import sys

from langchain.agents import create_agent
from langchain_mcp_adapters.client import MultiServerMCPClient
from langchain_mcp_adapters.tools import load_mcp_tools
from langchain_openai import ChatOpenAI

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    if sys.argv[1] == "stdio":
        connection = {"transport": "stdio", "command": sys.argv[2], "args": sys.argv[3:]}
    else:
        connection = {"transport": "sse" if sys.argv[1] == "sse" else "http", "url": sys.argv[2]}
    model = ChatOpenAI(
        model="canimcp-scripted", base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1", api_key="canimcp-scripted-model"
    )
    client = MultiServerMCPClient({"probe": connection})
    async with client.session("probe") as session:
        agent = create_agent(model, await load_mcp_tools(session))
        result = await agent.ainvoke({"messages": [{"role": "user", "content": PROMPT}]}, {"recursion_limit": 50})
        print(result["messages"][-1].text)
        await asyncio.sleep(HOLD)


asyncio.run(main())
