"""An agent on smolagents' `MCPClient`, as its documentation shows it: defaults only, against the scripted model.

python smolagents_agent.py stdio CMD ARGS...   |   python smolagents_agent.py http|sse URL
Connects as smolagents_client.py does (`MCPClient` given `StdioServerParameters`, or a dict with the URL and
"transport": "streamable-http", or "sse" for the legacy HTTP+SSE transport; `structured_output` left unset, so it
keeps its legacy default, False, with a FutureWarning) and hands the server's tools to a `ToolCallingAgent` on
`OpenAIServerModel` (OpenAI's Chat Completions at `$CANIMCP_MODEL_URL/v1`). No instructions of its own; the agent's
default of 20 steps covers the scripted model's dozen tool calls. It runs one user turn and prints the agent's
final answer.
Needs, beside the client: openai (smolagents' `openai` extra).
"""

import os

from smolagents import MCPClient, OpenAIServerModel, ToolCallingAgent
from smolagents_client import server  # the plain script, shipped beside this one: its connection

PROMPT = "Run the probe's scenarios, then report what you find."


def main() -> None:
    model = OpenAIServerModel(
        model_id="canimcp-scripted",
        api_base=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        api_key="canimcp-scripted-model",
    )
    with MCPClient(server()) as tools:
        agent = ToolCallingAgent(tools=tools, model=model)
        print(agent.run(PROMPT))


main()
