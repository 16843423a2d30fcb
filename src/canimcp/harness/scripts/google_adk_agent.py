"""An agent on Google ADK with the probe as its MCP server, as ADK's documentation shows it.

python google_adk_agent.py stdio CMD ARGS...   |   python google_adk_agent.py http|sse URL
The toolset is the plain script's (`McpToolset`, `MCPToolset` in early releases, with `StdioConnectionParams`,
`StreamableHTTPConnectionParams`, or `SseConnectionParams` for the legacy HTTP+SSE transport), with default options,
in the `tools` of an `LlmAgent`. The model is ADK's own `Gemini` on the Gemini API of the scripted model: its
`base_url` is `CANIMCP_MODEL_URL` (google-genai adds `/v1beta/models/M:generateContent`; harness/model.py), with a
dummy key in `client_kwargs`. An `InMemoryRunner` runs one user turn (its default run config allows 500 model
calls; the scripted model makes about 13), the text of the agent's final response is printed, and the toolset is
closed. The agent has no instruction of its own.
Needs nothing beside `google-adk` and its `mcp` extra (the recipe's): `google-genai` is a dependency of ADK.
"""

import asyncio
import os
import sys
from typing import Any

from google.adk.agents import LlmAgent
from google.adk.models import Gemini
from google.adk.runners import InMemoryRunner
from google.adk.tools.mcp_tool import mcp_toolset
from google.genai import types
from mcp import StdioServerParameters

PROMPT = "Run the probe's scenarios, then report what you find."
Toolset: Any = getattr(mcp_toolset, "McpToolset", None) or mcp_toolset.MCPToolset


def toolset() -> Any:
    from google.adk.tools.mcp_tool.mcp_session_manager import (
        SseConnectionParams,
        StdioConnectionParams,
        StreamableHTTPConnectionParams,
    )

    if sys.argv[1] == "stdio":
        server = StdioServerParameters(command=sys.argv[2], args=sys.argv[3:])
        return Toolset(connection_params=StdioConnectionParams(server_params=server))
    if sys.argv[1] == "sse":
        return Toolset(connection_params=SseConnectionParams(url=sys.argv[2]))
    return Toolset(connection_params=StreamableHTTPConnectionParams(url=sys.argv[2]))


async def main() -> None:
    model = Gemini(
        model="canimcp-scripted",
        base_url=os.environ["CANIMCP_MODEL_URL"],
        client_kwargs={"api_key": "canimcp-scripted-model"},
    )
    tools = toolset()
    agent = LlmAgent(name="probe_agent", model=model, tools=[tools])
    runner = InMemoryRunner(agent=agent)
    session = await runner.session_service.create_session(app_name=runner.app_name, user_id="probe")
    message = types.Content(role="user", parts=[types.Part(text=PROMPT)])
    final = ""
    try:
        async for event in runner.run_async(user_id="probe", session_id=session.id, new_message=message):
            if event.is_final_response() and event.content and event.content.parts:
                final = "".join(part.text or "" for part in event.content.parts)
    finally:
        await tools.close()
    print(final)


asyncio.run(main())
