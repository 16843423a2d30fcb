"""An agent on Haystack with the probe as its MCP server, as Haystack's documentation shows it.

python mcp_haystack_agent.py stdio CMD ARGS...   |   python mcp_haystack_agent.py http|sse URL
The `MCPToolset` is the plain script's (default options), handed to Haystack's `Agent` as its tools, with an
`OpenAIChatGenerator` (Chat Completions, the `openai` package haystack-ai depends on) pointed at the scripted model
(`CANIMCP_MODEL_URL` + `/v1`; harness/model.py) with a dummy key. No system prompt; one user message; the agent's
last message is printed.
"""

import os

from haystack.components.agents import Agent
from haystack.components.generators.chat import OpenAIChatGenerator
from haystack.dataclasses import ChatMessage
from haystack.utils import Secret
from haystack_integrations.tools.mcp import MCPToolset
from mcp_haystack_client import server  # the plain script, shipped beside this one: the server description

PROMPT = "Run the probe's scenarios, then report what you find."


def main() -> None:
    generator = OpenAIChatGenerator(
        model="canimcp-scripted",
        api_base_url=os.environ["CANIMCP_MODEL_URL"] + "/v1",
        api_key=Secret.from_token("canimcp-scripted-model"),
    )
    toolset = MCPToolset(server_info=server())
    agent = Agent(chat_generator=generator, tools=toolset)
    try:
        result = agent.run(messages=[ChatMessage.from_user(PROMPT)])
    finally:
        toolset.close()
    print(result["messages"][-1].text)


main()
