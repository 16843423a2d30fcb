"""An Agent Squad agent with the probe's tools, as the MCP tool provider's docstring shows one, run for one request
against canimcp's scripted model.

python agent_squad_agent.py stdio CMD ARGS...   |   python agent_squad_agent.py http|sse URL
The MCP connection is agent_squad_client.py's (one `MCPServerConfig`, `MCPToolProvider.create`), and the provider goes
to the agent as `tool_config={"tool": provider}`. The agent: `AnthropicAgent`, the one model agent besides Bedrock's
that takes a `tool_config` (Agent Squad's `OpenAIAgent` has no tools), with an Anthropic client whose `base_url` is the
scripted model ($CANIMCP_MODEL_URL, Messages API) and a dummy key, as its `client` option allows; not streamed (the
default). `process_request` runs one user turn: the model's tool calls, each answered through the provider's
`tool_handler`, until the model answers with text or the turn's limit is reached; the answer's text is printed.

One setting is not a default: `toolMaxRecursions` in the tool config is 30. The default, 5 model requests a turn, is
fewer than the scripted model's dozen tool calls; with it the turn would stop midway. The request goes to the agent
itself, not through an `AgentSquad` orchestrator, which would first ask a classifier model which agent to use (Bedrock's
by default) and change nothing on the MCP side.
"""

import asyncio
import os
import sys

from agent_squad.agents import AnthropicAgent, AnthropicAgentOptions
from agent_squad.tools import MCPToolProvider
from agent_squad_client import HOLD, server  # the plain script, shipped beside this one: its connection
from anthropic import Anthropic

PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    provider = await MCPToolProvider.create([server()])
    try:
        agent = AnthropicAgent(
            AnthropicAgentOptions(
                name="Probe agent",
                description="Runs the probe's scenarios with the probe's tools.",
                client=Anthropic(base_url=os.environ["CANIMCP_MODEL_URL"], api_key="canimcp-scripted-model"),
                tool_config={"tool": provider, "toolMaxRecursions": 30},
            )
        )
        answer = await agent.process_request(PROMPT, "canimcp-user", "canimcp-session", [])
        for block in getattr(answer, "content", None) or []:
            print(getattr(block, "text", block), file=sys.stderr)
        await asyncio.sleep(HOLD)
    finally:
        await provider.disconnect()


asyncio.run(main())
