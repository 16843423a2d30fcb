"""An OmniCoreAgent with the probe among its `mcp_tools`, as its MCP page shows it, run for one task against canimcp's
scripted model.

python omnicoreagent_agent.py stdio CMD ARGS...   |   python omnicoreagent_agent.py http|sse URL
The server entry is omnicoreagent_client.py's. The model: `model_config` with the `openai` provider (LiteLLM's
`openai/` route, Chat Completions) and `base_url` at the scripted model ($CANIMCP_MODEL_URL/v1), the setting the
library documents for another endpoint that speaks a provider's API, with a dummy key. Nothing else is set: no
`agent_config` (so its default limits and the default governance profile of an agent that never chose one), no
memory router (in memory by default: no Redis, SQL or MongoDB is needed), default telemetry. As the page shows:
`connect_mcp_servers()`, `list_all_available_tools()`, one `run()` (the model's tool calls, until it answers with
text), whose response is printed; then it stays connected a while, like the plain script, and `cleanup()` closes the
connection and the agent.
"""

import asyncio
import os
import sys

from omnicoreagent import OmniCoreAgent
from omnicoreagent_client import HOLD, probe_server  # the plain script, shipped beside this one: the probe's entry

PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    agent = OmniCoreAgent(
        name="canimcp",
        system_instruction="You run the tools you are asked to run and report what they return.",
        model_config={
            "provider": "openai",
            "model": "canimcp-scripted",
            "base_url": f"{os.environ['CANIMCP_MODEL_URL']}/v1",
            "api_key": "canimcp-scripted-model",
        },
        mcp_tools=[probe_server()],
    )
    try:
        await agent.connect_mcp_servers()
        tools = await agent.list_all_available_tools()
        print(f"tools: {[tool['name'] for tool in tools]}", file=sys.stderr)
        result = await agent.run(PROMPT)
        print(result.get("response"))
        await asyncio.sleep(HOLD)
    finally:
        await agent.cleanup()


asyncio.run(main())
