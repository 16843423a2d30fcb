"""A BeeAI `RequirementAgent` with the tools of an MCP server, as the framework's documentation shows it, run for one
turn against canimcp's scripted model.

python beeai_framework_agent.py stdio CMD ARGS...   |   python beeai_framework_agent.py http|sse URL
The MCP transport is beeai_framework_client.py's. The model: `ChatModel.from_name("openai:…")` with OPENAI_API_BASE
set to the scripted model's URL ($CANIMCP_MODEL_URL/v1) and a dummy key, the documented way to reach an
OpenAI-compatible endpoint (Chat Completions through LiteLLM). Nothing else is set. One `run` of one user turn; the
answer is printed.
"""

import asyncio
import os

os.environ["OPENAI_API_BASE"] = f"{os.environ['CANIMCP_MODEL_URL']}/v1"
os.environ["OPENAI_API_KEY"] = "canimcp-scripted-model"

from beeai_framework.agents.requirement import RequirementAgent  # after the environment is set: read on import
from beeai_framework.backend import ChatModel
from beeai_framework.memory import UnconstrainedMemory
from beeai_framework.tools.mcp import MCPTool
from beeai_framework_client import transport  # the plain script, shipped beside this one


async def main() -> None:
    tools = await MCPTool.from_client(transport())
    llm = ChatModel.from_name("openai:canimcp-scripted")
    agent = RequirementAgent(llm=llm, tools=tools, memory=UnconstrainedMemory())
    output = await agent.run("Run the probe's scenarios, then report what you find.")
    print(output.last_message.text)


asyncio.run(main())
