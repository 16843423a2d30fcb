"""A plain client on txtai's own way to give an agent an MCP server, as its documentation shows it: defaults only.

python txtai_client.py http|sse URL
txtai's `Agent` takes its tools as a list, and an entry that is a string starting with "http" is read as the URL of
an MCP server whose tools join the agent's (the configuration page's `http.*` shortcut; its test names
`http://localhost:8000/mcp`). The agent is built when it is made, so this script makes one with that URL as its only
tool, then calls the probe's tools the way the agent would, through the tools it holds by name (`agent.tools`):
`run_scenarios` until a result reads as done, then the probe's tools of one era, then it stays for a few seconds so
the probe can send its requests. No agent turn: that would need a model (the agent script runs one), so the agent is
given txtai's base generation class as a custom LLM method, which nothing asks (a model path alone would make txtai
fetch a default model from the Hugging Face Hub, and its LiteLLM route needs a package a default install lacks).

txtai hands the URL to mcpadapt as `{"url": URL}` and asks it for the tools at once, without starting the connection
first; mcpadapt 0.1.19 then raises "Session not initialized" before it sends anything, so making the agent fails and
the probe sees no connection. The script lets that error end it: what a user of the documented setup meets.
txtai has no stdio entry (no command or parameters object is read as a server), so stdio is not offered.
"""

import asyncio
import os
import sys
import time
from typing import Any

from late_calls import call_late  # beside this script (the recipe's script_helpers)
from scenario_calls import call_until_done
from txtai import LLM, Agent

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
UNUSED = "txtai.pipeline.Generation"  # a custom LLM method (a class path): no agent turn asks it


def main() -> None:
    if sys.argv[1] not in ("http", "sse"):
        sys.exit("txtai takes an MCP server only as a URL among an agent's tools")
    llm = LLM("canimcp-unused", method=UNUSED)
    agent = Agent(model=llm, tools=[sys.argv[2]])  # the probe's URL, as an `http...` entry of the tools list
    tools: dict[str, Any] = dict(agent.tools)
    print(f"tools: {sorted(tools)}", file=sys.stderr)

    async def scenarios() -> object:
        try:
            return tools["run_scenarios"]()
        except Exception as exc:  # what the agent's tool does with requests it cannot answer is on record
            return exc

    async def call(name: str, arguments: dict[str, Any]) -> object:
        result = tools[name](**arguments)
        print(f"{name}: {str(result)[:300]}", file=sys.stderr)
        return result

    async def calls() -> None:
        if "run_scenarios" in tools:
            await call_until_done(scenarios)
        await call_late(call, set(tools))

    asyncio.run(calls())
    time.sleep(HOLD)


if __name__ == "__main__":
    main()
