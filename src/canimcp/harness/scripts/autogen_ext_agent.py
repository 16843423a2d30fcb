"""An agent on AutoGen, as its documentation shows it: an `AssistantAgent` on `OpenAIChatCompletionClient`, with
the probe's `McpWorkbench`, defaults only.

python autogen_ext_agent.py stdio CMD ARGS...   |   python autogen_ext_agent.py http|sse URL
The server is given as in autogen_ext_client.py (`StdioServerParams`, `StreamableHttpServerParams`, or
`SseServerParams` for the legacy HTTP+SSE transport). The model client speaks Chat Completions to the scripted
model (`$CANIMCP_MODEL_URL/v1`, a dummy key); its `model_info` (function calling, no vision, no JSON output) is
what AutoGen requires for a model name it does not know. The script runs one user turn with `agent.run` and prints
the agent's final text. No system message, instructions or tool-result handling of its own (the agent keeps its
default system message). One setting is not a default: `max_tool_iterations=20`; by default the agent makes one
round of tool calls and returns their results as its answer, without asking the model again.
Needs, beside the client: `autogen-agentchat` (same version as autogen-ext) and autogen-ext's `openai` extra
(`openai`, `tiktoken`, `aiofiles`).
"""

import asyncio
import os
import sys
from typing import Any

from autogen_agentchat.agents import AssistantAgent
from autogen_ext.models.openai import OpenAIChatCompletionClient
from autogen_ext.tools.mcp import McpWorkbench, SseServerParams, StdioServerParams, StreamableHttpServerParams

PROMPT = "Run the probe's scenarios, then report what you find."
MODEL_INFO: Any = {
    "vision": False, "function_calling": True, "json_output": False, "family": "unknown", "structured_output": False,
}  # fmt: skip


def params() -> Any:
    if sys.argv[1] == "stdio":
        return StdioServerParams(command=sys.argv[2], args=sys.argv[3:])
    if sys.argv[1] == "sse":
        return SseServerParams(url=sys.argv[2])
    return StreamableHttpServerParams(url=sys.argv[2])


async def main() -> None:
    model = OpenAIChatCompletionClient(
        model="canimcp-scripted",
        base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        api_key="canimcp-scripted-model",
        model_info=MODEL_INFO,
    )
    async with McpWorkbench(server_params=params()) as workbench:
        agent = AssistantAgent("assistant", model_client=model, workbench=workbench, max_tool_iterations=20)
        result = await agent.run(task=PROMPT)
        print(result.messages[-1].to_text())
    await model.close()


asyncio.run(main())
