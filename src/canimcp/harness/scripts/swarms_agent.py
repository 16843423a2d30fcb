"""A Swarms `Agent` with the probe as its MCP server, as the library's MCP examples build one, run for one task against
canimcp's scripted model.

python swarms_agent.py stdio CMD ARGS...   |   python swarms_agent.py http|sse URL
The MCP server is named as in swarms_client.py (`mcp_url=` for a URL, `mcp_config=` for a command). The model is a
LiteLLM model name, `openai/…` (LiteLLM's OpenAI-compatible provider, Chat Completions), with the scripted model's URL
as `llm_base_url` ($CANIMCP_MODEL_URL/v1) and a dummy `llm_api_key`: the agent's own settings for an OpenAI-compatible
endpoint. Everything else keeps its default but the agent's name and `max_loops`: Swarms' examples set 1 to 3, and
an agent whose `max_loops` is a number runs exactly that many turns (one request to the model each, and a tool-free
side call after a turn with MCP calls; a text answer does not end the run), so with 1 the scripted model could make
only its first call of run_scenarios. 20 turns leave room for every call it makes (up to four of run_scenarios, the
context checks, the late calls: 14 in the stored runs), and it answers "Done." in the turns that are left.
`run` runs the task; its output is printed. The agent's MCP manager opens a session for every listing and every
turn's calls and closes it when they are done, so nothing is left to close at the end.
"""

import os

from swarms import Agent
from swarms_client import probe_server  # the plain script, shipped beside this one: the probe's server

PROMPT = "Run the probe's scenarios, then report what you find."
TURNS = 20  # see above: the examples' 1 to 3 would end the run after the model's first call or two


def main() -> None:
    agent = Agent(
        agent_name="canimcp-probe-agent",
        model_name="openai/canimcp-scripted",
        llm_base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        llm_api_key="canimcp-scripted-model",
        max_loops=TURNS,
        **probe_server(),
    )
    print(agent.run(PROMPT))


if __name__ == "__main__":
    main()
