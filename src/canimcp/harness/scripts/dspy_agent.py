"""A DSPy agent with the tools of an MCP server, as DSPy's MCP page shows it, run for one task against canimcp's
scripted model.

python dspy_agent.py stdio CMD ARGS...   |   python dspy_agent.py http|sse URL
The app's connection and the conversion of the listed tools are dspy_client.py's (`dspy.Tool.from_mcp_tool`, default
result mode). The agent is `dspy.ReAct` with a string signature (`task -> result`) and those tools, run with `acall`,
as the page does. The model: `dspy.LM("openai/…")`, DSPy's LiteLLM-backed client, with the scripted model's URL as
`api_base` ($CANIMCP_MODEL_URL/v1, Chat Completions) and a dummy key, set with `dspy.configure`. Nothing else is set:
the agent keeps ReAct's default step limit of 20 (the page's examples set 5, too few for the scripted model's dozen or
so tool calls before it ends with ReAct's own `finish` tool). ReAct offers the model no tools the API's way: it names
them in its instructions and reads each step from fields the model writes in its answer (DSPy's ChatAdapter), which
the scripted model writes for it (harness/field_tools.py). The agent's result is printed; then it stays connected a
while, like the plain script, and leaves.
"""

import asyncio
import os

import dspy
from dspy_client import HOLD, connect, dspy_tools  # the plain script, shipped beside this one

PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    lm = dspy.LM(
        "openai/canimcp-scripted",
        api_base=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        api_key="canimcp-scripted-model",
    )
    dspy.configure(lm=lm)
    async with connect() as session:
        tools = await dspy_tools(session)
        agent = dspy.ReAct("task -> result", tools=list(tools.values()))
        prediction = await agent.acall(task=PROMPT)
        print(prediction.result)
        await asyncio.sleep(HOLD)


if __name__ == "__main__":
    asyncio.run(main())
