"""A txtai agent on the scripted model, given the probe's tools as smolagents tools: defaults otherwise.

python txtai_agent.py http|sse URL
txtai's own MCP entry (a URL among the agent's tools, txtai_client.py) fails before it connects in 9.14.0, so this
agent gets the server's tools the other way txtai's tools list takes them: as smolagents `Tool` objects, which is what
smolagents' `MCPClient` yields (txtai builds its agent on smolagents, whose documentation connects an MCP server with
`with MCPClient(...) as tools`). `MCPClient` is given a dict with the URL and "transport": "streamable-http", or "sse"
for the legacy HTTP+SSE transport; `structured_output` is left unset (its legacy default, False, with a warning).
The MCP connection is therefore smolagents' (mcpadapt and the Python SDK); what is txtai's own is the agent: `Agent`
runs smolagents' `ToolCallingAgent` on txtai's `PipelineModel` over its LLM pipeline, here LiteLLM's `openai/` route
at `$CANIMCP_MODEL_URL/v1` (Chat Completions), as txtai's LLM page shows for an OpenAI-compatible endpoint, with
`method="litellm"` so that the model path is not looked up on the Hugging Face Hub first. That model offers the API
no tools: the prompt lists them as text and the model answers with `Action:` and a JSON call, which txtai parses
(the scripted model writes that format: harness/react_tools.py). The agent keeps its defaults (20 steps) and runs one
user turn; the script prints its final answer.
Needs, beside the client: litellm (which txtai's LiteLLM route imports; its `pipeline-llm` extra would also bring
llama.cpp and LiteRT).
"""

import os
import sys

from smolagents import MCPClient
from txtai import LLM, Agent

PROMPT = "Run the probe's scenarios, then report what you find."


def main() -> None:
    server = {"url": sys.argv[2], "transport": "sse" if sys.argv[1] == "sse" else "streamable-http"}
    llm = LLM(
        "openai/canimcp-scripted",
        method="litellm",
        api_base=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        api_key="canimcp-scripted-model",
    )
    with MCPClient(server) as tools:
        agent = Agent(model=llm, tools=tools)
        print(agent(PROMPT))


main()
