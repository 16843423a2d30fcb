"""An agent on any-agent's `tinyagent` framework with the probe as its MCP server, with default options.

python any_agent_agent.py stdio CMD ARGS...   |   python any_agent_agent.py http|sse URL
The MCP config is the plain script's (`MCPStdio`, `MCPStreamableHttp`, or `MCPSse` for the legacy HTTP+SSE
transport), with default options, given as the one tool of an `AgentConfig`; `AnyAgent.create_async("tinyagent",
...)` connects it and builds the agent. The model is any-llm's OpenAI provider (`model_id="openai:..."`, Chat
Completions) at the scripted model (`api_base` = `$CANIMCP_MODEL_URL/v1`), with a dummy key. No instructions of
its own, so the framework's default system prompt goes to the model. `run_async` runs one user turn; the final
output is printed, and `cleanup_async` closes the MCP connection.
Needs nothing beside `any-agent` (any-llm's OpenAI provider comes with it).
"""

import asyncio
import os

from any_agent import AgentConfig, AnyAgent
from any_agent_client import server  # the plain script, shipped beside this one: its connection

PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    config = AgentConfig(
        model_id="openai:canimcp-scripted",
        api_base=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        api_key="canimcp-scripted-model",
        tools=[server()],
    )
    agent = await AnyAgent.create_async("tinyagent", config)
    try:
        trace = await agent.run_async(PROMPT)
        print(trace.final_output)
    finally:
        await agent.cleanup_async()


asyncio.run(main())
