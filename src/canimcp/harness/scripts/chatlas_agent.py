"""A chatlas chat with an MCP server's tools, as chatlas's MCP page shows it, run for one turn against canimcp's
scripted model.

python chatlas_agent.py stdio CMD ARGS...   |   python chatlas_agent.py http URL
The tools are registered as in chatlas_client.py (`register_mcp_tools_stdio_async` or
`register_mcp_tools_http_stream_async`, defaults only). The model: `ChatOpenAICompletions`, chatlas's provider for
OpenAI-compatible endpoints (Chat Completions), with the scripted model's URL as `base_url` ($CANIMCP_MODEL_URL/v1)
and a dummy key; chatlas's documentation points there for any backend that is not OpenAI itself, since its
`ChatOpenAI` speaks the Responses API. One `chat_async` turn with the prompt: chatlas runs each tool call the model
asks for and sends the results back until the model answers with text (it has no turn limit), echoing the calls and
results to stdout. The answer is printed, the script stays connected a while like the plain one, and it cleans up.
"""

import asyncio
import os

from chatlas import ChatOpenAICompletions
from chatlas_client import HOLD, register  # the plain script, shipped beside this one: its connection

PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    chat = ChatOpenAICompletions(
        base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1", api_key="canimcp-scripted-model", model="canimcp-scripted"
    )
    await register(chat)
    try:
        response = await chat.chat_async(PROMPT)
        print(await response.get_content())
        await asyncio.sleep(HOLD)
    finally:
        await chat.cleanup_mcp_tools()


asyncio.run(main())
