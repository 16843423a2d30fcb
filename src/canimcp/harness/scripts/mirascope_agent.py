"""A Mirascope call with the tools of an MCP server, as its documentation shows them, run as a tool loop against
canimcp's scripted model.

python mirascope_agent.py stdio CMD ARGS...   |   python mirascope_agent.py http|sse URL
The MCP connection is mirascope_client.py's. The model: Mirascope's OpenAI provider registered for Chat Completions
with the scripted model's URL as `base_url` ($CANIMCP_MODEL_URL/v1) and a dummy key, as its documentation registers an
OpenAI-compatible endpoint. One call of one user turn, then the loop its documentation shows: while the answer asks
for tools, run them and resume (at most 40 rounds); the answer is printed.
"""

import asyncio
import os

from mirascope import llm
from mirascope_client import connect  # the plain script, shipped beside this one

llm.register_provider(
    "openai:completions",
    scope="openai/",
    base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
    api_key="canimcp-scripted-model",
)


async def main() -> None:
    async with connect() as client:
        tools = await client.list_tools()

        @llm.call("openai/canimcp-scripted", tools=tools)
        async def ask(task: str) -> str:
            return task

        response = await ask("Run the probe's scenarios, then report what you find.")
        for _ in range(40):
            if not response.tool_calls:
                break
            response = await response.resume(await response.execute_tools())
        print(response.text())


asyncio.run(main())
