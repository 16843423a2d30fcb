"""An agent on PraisonAI Agents, as its documentation shows it, run for one turn against canimcp's scripted model.

python praisonaiagents_agent.py stdio CMD ARGS...   |   python praisonaiagents_agent.py http|sse URL
The MCP connection is praisonaiagents_client.py's (`MCP("command args")` or `MCP(url)`), handed to the Agent as its
`tools`. The model: a plain model name with OPENAI_BASE_URL set, the documented way to reach an OpenAI-compatible
endpoint, which the package serves with its own OpenAI client and Chat Completions; the base URL is the scripted
model's ($CANIMCP_MODEL_URL/v1), with a dummy key. Empty instructions, so that nothing is added to what the package
sends; one start() of one user turn (its default limits allow 20 steps); its answer is printed.
"""

import os
import shlex
import sys
import time

os.environ["OPENAI_BASE_URL"] = f"{os.environ['CANIMCP_MODEL_URL']}/v1"
os.environ["OPENAI_API_KEY"] = "canimcp-scripted-model"

from praisonaiagents import Agent  # after the environment is set: it is read on import
from praisonaiagents.mcp import MCP

kind, target = sys.argv[1], sys.argv[2:]
mcp = MCP(shlex.join(target)) if kind == "stdio" else MCP(target[0])
try:
    agent = Agent(name="canimcp agent", instructions="", llm="canimcp-scripted", tools=mcp)
    print(agent.start("Run the probe's scenarios, then report what you find."))
finally:
    mcp.shutdown()
    time.sleep(0.5)  # shutdown() only schedules the Streamable HTTP close, which sends the DELETE
