"""An agent on LastMile AI's mcp-agent, as its README shows it: an `Agent` on an `MCPApp` with an
`OpenAIAugmentedLLM` attached, defaults only.

python mcp_agent_agent.py stdio CMD ARGS...   |   python mcp_agent_agent.py http|sse URL
The one server, `probe`, and the app's settings are as in mcp_agent_client.py (no config file, no logger transport,
OpenTelemetry, usage telemetry and subagent discovery off), plus `openai` settings: the scripted model's base URL
(`$CANIMCP_MODEL_URL/v1`), a dummy key and the model name. The LLM speaks Chat Completions. The script runs one user
turn with `generate_str` and prints the agent's final text. No instruction or tool-result handling of its own. One
setting is not a default: `max_iterations=20` in the request params; the default, 10 model turns, is fewer than the
scripted model's dozen tool calls and final answer.
Needs, beside the client: mcp-agent's `openai` extra (the `openai` package).
"""

import asyncio
import os

from mcp_agent.agents.agent import Agent
from mcp_agent.app import MCPApp
from mcp_agent.config import OpenAISettings
from mcp_agent.workflows.llm.augmented_llm import RequestParams
from mcp_agent.workflows.llm.augmented_llm_openai import OpenAIAugmentedLLM
from mcp_agent_client import settings  # the plain script, shipped beside this one: its settings

PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    model = OpenAISettings(
        api_key="canimcp-scripted-model",
        base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        default_model="canimcp-scripted",
    )
    app = MCPApp(name="canimcp", settings=settings(openai=model))
    async with app.run():
        agent = Agent(name="canimcp", server_names=["probe"])
        async with agent:
            llm = await agent.attach_llm(OpenAIAugmentedLLM)
            print(await llm.generate_str(PROMPT, request_params=RequestParams(max_iterations=20)))


asyncio.run(main())
