"""An agent on hideya's langchain-mcp-tools, as its README shows one: LangChain's `create_agent`, defaults only.

python langchain_mcp_tools_agent.py stdio CMD ARGS...   |   python langchain_mcp_tools_agent.py http|sse URL
CANIMCP_MODEL_URL: the scripted model's base URL (harness/model.py); its OpenAI Chat Completions API is used.
It connects like the plain script (langchain_mcp_tools_client.py, the same servers config): the tools that
`convert_mcp_to_langchain_tools` gives back go to `langchain.agents.create_agent` with a `ChatOpenAI` model pointed
at the scripted model (a dummy key, no system prompt), which runs one user turn; its final text is printed. The
step limit (LangGraph's recursion limit) is set to 50, room for the dozen tool calls the scripted model makes, as
in the LangChain MCP adapters' agent script. Then it stays connected for a few seconds and calls the cleanup function.
Needs beside the client: `langchain-openai` (the README's example uses `init_chat_model`, whose OpenAI models come
from that package); `langchain`, which has `create_agent`, is already a requirement of the client.
"""

import asyncio
import os

from langchain.agents import create_agent
from langchain_mcp_tools import convert_mcp_to_langchain_tools
from langchain_mcp_tools_client import servers  # the plain script, shipped beside this one: its connection
from langchain_openai import ChatOpenAI

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    model = ChatOpenAI(
        model="canimcp-scripted", base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1", api_key="canimcp-scripted-model"
    )
    tools, cleanup = await convert_mcp_to_langchain_tools(servers())
    try:
        agent = create_agent(model, tools)
        result = await agent.ainvoke({"messages": [{"role": "user", "content": PROMPT}]}, {"recursion_limit": 50})
        print(result["messages"][-1].text)
        await asyncio.sleep(HOLD)
    finally:
        await cleanup()


asyncio.run(main())
