"""An agent on LlamaIndex's MCP tools, as their documentation shows it: defaults only, against the scripted model.

python llama_index_tools_mcp_agent.py stdio CMD ARGS...   |   python llama_index_tools_mcp_agent.py http|sse URL
Connects as llama_index_tools_mcp_client.py does (a `BasicMCPClient` given the command and its arguments, or the
URL: one whose path ends in /sse selects the legacy HTTP+SSE transport), turns the server's tools into LlamaIndex
tools with `McpToolSpec(...).to_tool_list_async()`, and hands them to a `FunctionAgent` on `OpenAILike` (OpenAI's
Chat Completions at `$CANIMCP_MODEL_URL/v1`: LlamaIndex's `OpenAI` class refuses a model name it does not know,
so its documentation points OpenAI-compatible servers at `OpenAILike`, told the model can call functions). No
system prompt; the agent's default of 20 iterations covers the scripted model's dozen tool calls. It runs one
user turn and prints the agent's final text.
Needs, beside the client: llama-index-llms-openai-like (which brings llama-index-llms-openai).
"""

import asyncio
import os
import sys

from llama_index.core.agent.workflow import FunctionAgent
from llama_index.llms.openai_like import OpenAILike
from llama_index.tools.mcp import BasicMCPClient, McpToolSpec

PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    stdio = sys.argv[1] == "stdio"
    client = BasicMCPClient(sys.argv[2], args=sys.argv[3:]) if stdio else BasicMCPClient(sys.argv[2])
    tools = await McpToolSpec(client=client).to_tool_list_async()
    llm = OpenAILike(
        model="canimcp-scripted",
        api_base=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        api_key="canimcp-scripted-model",
        is_chat_model=True,
        is_function_calling_model=True,
    )
    agent = FunctionAgent(tools=tools, llm=llm)
    print(await agent.run(PROMPT))


asyncio.run(main())
