"""A Langroid `ChatAgent` with the tools of an MCP server, as its documentation shows them, run as a non-interactive
`Task` against canimcp's scripted model.

python langroid_agent.py stdio CMD ARGS...   |   python langroid_agent.py http|sse URL
The MCP server and the offline tiktoken encoding are langroid_client.py's. The model: `OpenAIGPTConfig` with the
scripted model's URL as `api_base` ($CANIMCP_MODEL_URL/v1) and a dummy key (Chat Completions, not streamed). One
setting is not a default: the agent uses the API's function calling (`use_functions_api=True`, `use_tools=False`, as
Langroid's documentation shows for OpenAI-style tool calls) instead of its own JSON tool format written in the text,
which the scripted model does not speak; a tool's result reaches the model as the same text either way. The task runs
one user turn until the model answers without a tool call (at most 40 turns); the answer is printed.
"""

import asyncio
import os

from langroid_client import server  # the plain script, shipped beside this one; it sets up tiktoken first


async def main() -> None:
    import langroid as lr  # after langroid_client: importing Langroid asks tiktoken for an encoding
    import langroid.language_models as lm
    from langroid.agent.tools.mcp import get_tools_async

    llm = lm.OpenAIGPTConfig(
        chat_model="canimcp-scripted",
        api_base=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        api_key="canimcp-scripted-model",
        stream=False,
    )
    agent = lr.ChatAgent(lr.ChatAgentConfig(llm=llm, use_tools=False, use_functions_api=True))
    agent.enable_message(await get_tools_async(server()))
    task = lr.Task(agent, interactive=False)
    answer = await task.run_async("Run the probe's scenarios, then report what you find.", turns=40)
    print(answer.content if answer else "")


asyncio.run(main())
