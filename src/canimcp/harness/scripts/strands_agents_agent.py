"""An agent on Strands Agents with the probe as its MCP server, as Strands' documentation shows it.

python strands_agents_agent.py stdio CMD ARGS...   |   python strands_agents_agent.py http|sse URL
The `MCPClient` is the plain script's (the Python SDK's `stdio_client` or `sse_client` as its transport factory,
`url=` for Streamable HTTP), with default options, handed to an `Agent` directly in `tools` (the documentation's
managed integration: the agent connects it, lists its tools and closes it at `cleanup`). The model is Strands'
`OpenAIModel` (Chat Completions) with `client_args` pointing the OpenAI client at the scripted model
(`CANIMCP_MODEL_URL` + `/v1`; harness/model.py) with a dummy key. One call of the agent runs one user turn (the
event loop has no cycle limit), and the agent's final text is printed (after the default callback handler has
streamed it, with a line per tool call). The agent has no system prompt of its own.
Needs `openai` beside `strands-agents` (what its `openai` extra adds).
"""

import os

from strands import Agent
from strands.models.openai import OpenAIModel
from strands_agents_client import client  # the plain script, shipped beside this one: its connection

PROMPT = "Run the probe's scenarios, then report what you find."


def main() -> None:
    client_args = {"base_url": os.environ["CANIMCP_MODEL_URL"] + "/v1", "api_key": "canimcp-scripted-model"}
    model = OpenAIModel(client_args=client_args, model_id="canimcp-scripted")
    agent = Agent(model=model, tools=[client()])
    try:
        result = agent(PROMPT)
    finally:
        agent.cleanup()
    print()
    print(result)


main()
