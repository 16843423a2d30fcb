"""A Langflow flow with the MCP Tools component as an Agent's tools, run by `lfx run` against the scripted model.

python langflow_agent.py stdio CMD ARGS...   |   python langflow_agent.py http|sse URL
This file is both the launcher and the flow. Started by the harness, it puts the probe's arguments in the environment
and hands itself to `lfx run` (the `lfx` beside this Python) with one prompt; `lfx run` then loads it as a flow
script and calls `get_graph()`, the shape of lfx's README example: Chat Input -> Agent -> Chat Output, the Agent's
tools being the MCP Tools component's toolkit (`to_toolkit()`, connected as langflow_client.py connects). The Agent
component's model is OpenAI's, selected as the model input stores it, with a placeholder key; OPENAI_BASE_URL, the
provider's documented variable for an OpenAI-compatible server, points it at the scripted model
($CANIMCP_MODEL_URL/v1). Everything else keeps the component's defaults. `lfx run` prints the flow's result.
Needs, beside the client: langchain-openai (the Agent's OpenAI model class; lfx names it as a missing dependency).
"""

import os
import sys
from pathlib import Path

PROBE = "CANIMCP_LANGFLOW_PROBE"  # the probe's transport and target, one argument a line
PROMPT = "Run the probe's scenarios, then report what you find."


async def get_graph():  # an lfx Graph (lfx is imported only when `lfx run` loads this file)
    """The flow, as `lfx run` asks a flow script for it."""
    from lfx import components as cp
    from lfx.graph import Graph

    sys.path.insert(0, str(Path(__file__).parent))
    sys.argv[1:] = os.environ[PROBE].split("\n")  # what langflow_client.py reads its server from
    from langflow_client import component  # beside this script: the MCP Tools component with the probe

    chat_input = cp.ChatInput()
    agent = cp.AgentComponent()
    agent.set(
        model=[{"provider": "OpenAI", "name": "canimcp-scripted"}],
        api_key="canimcp-scripted-model",
        input_value=chat_input.message_response,
        tools=await component().to_toolkit(),
    )
    chat_output = cp.ChatOutput().set(input_value=agent.message_response)
    return Graph(chat_input, chat_output)


if __name__ == "__main__":
    os.environ[PROBE] = "\n".join(sys.argv[1:])
    os.environ["OPENAI_BASE_URL"] = f"{os.environ['CANIMCP_MODEL_URL']}/v1"
    lfx = str(Path(sys.executable).with_name("lfx"))
    os.execv(lfx, [lfx, "run", __file__, PROMPT, "--format", "text"])
