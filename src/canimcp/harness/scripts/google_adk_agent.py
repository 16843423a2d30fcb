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

from google.adk.agents import LlmAgent
from google.adk.models import Gemini
from google.adk.runners import InMemoryRunner
from google.genai import types
from google_adk_client import toolset  # the plain script, shipped beside this one: its connection

PROMPT = "Run the probe's scenarios, then report what you find."


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
