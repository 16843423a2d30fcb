"""A Qwen-Agent `Assistant` with the probe as an MCP server in its `function_list`, as its documentation shows it, run
for one turn against canimcp's scripted model.

python qwen_agent_agent.py stdio CMD ARGS...   |   python qwen_agent_agent.py http|sse URL
The MCP server is qwen_agent_client.py's entry (one server named "probe"). The model: the documented configuration
for an OpenAI-compatible service, a `model_server` URL (the scripted model's, $CANIMCP_MODEL_URL/v1) with a dummy
key, which Qwen-Agent serves with its OpenAI client over Chat Completions. Nothing else is set, so function calls go
the default way: the tools listed in the system message and calls written as text (its `nous` prompt), which the
scripted model reads and writes too. One `run_nonstream` of one user turn; the answer is printed.
"""

import os

from qwen_agent.agents import Assistant
from qwen_agent_client import server  # the plain script, shipped beside this one: the probe's entry

agent = Assistant(
    llm={"model": "canimcp-scripted", "model_server": f"{os.environ['CANIMCP_MODEL_URL']}/v1", "api_key": "canimcp"},
    function_list=[{"mcpServers": {"probe": server()}}],
)
messages = agent.run_nonstream([{"role": "user", "content": "Run the probe's scenarios, then report what you find."}])
print(messages[-1]["content"] if messages else "")
