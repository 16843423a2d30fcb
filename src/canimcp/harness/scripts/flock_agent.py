"""A Flock agent with the probe as its MCP server, as Flock's README and MCP docstring show it, run for one task
against canimcp's scripted model.

python flock_agent.py stdio CMD ARGS...   |   python flock_agent.py http|sse URL
The probe is registered with `add_mcp` as in flock_client.py; one agent consumes a `Task` artifact and publishes a
`Report`, built with `flock.agent(...).consumes(...).publishes(...).with_mcps(["probe"])`, and a `Task` is published
and the blackboard run until idle. The agent runs on Flock's default engine, `DSPyEngine`, whose program is
`dspy.ReAct` once the agent has tools, with Flock's default limit of 100 tool calls. The model is the one the README
names, `Flock("openai/...")`, which DSPy hands to LiteLLM's OpenAI provider; the key and the endpoint come from the
environment the way LiteLLM reads them (`OPENAI_API_KEY`, `OPENAI_BASE_URL`: $CANIMCP_MODEL_URL/v1, Chat
Completions). ReAct names its tools in its instructions and reads each step from fields its model writes, which the
scripted model writes for it (harness/field_tools.py). The scripted model's closing text is no JSON `Report`, so the
agent's last step may fail to parse; its tool calls have been made by then. It stays connected a while, like the
plain script, and leaves.
"""

import asyncio
import os
import sys

from pydantic import BaseModel

# set before Flock (and with it LiteLLM) loads, so whatever reads the environment at import time sees them
os.environ.setdefault("OPENAI_API_KEY", "canimcp-scripted-model")
os.environ["OPENAI_BASE_URL"] = f"{os.environ['CANIMCP_MODEL_URL']}/v1"

from flock import Flock, flock_type
from flock_client import HOLD, server_parameters  # the plain script, shipped beside this one


@flock_type
class Task(BaseModel):
    request: str


@flock_type
class Report(BaseModel):
    findings: str


async def main() -> None:
    flock = Flock("openai/canimcp-scripted")
    flock.add_mcp("probe", server_parameters())
    flock.agent("prober").consumes(Task).publishes(Report).with_mcps(["probe"])
    await flock.publish(Task(request="Run the probe's scenarios, then report what you find."))
    await flock.run_until_idle()
    for artifact in await flock.store.list():
        print(artifact.type, artifact.payload, file=sys.stderr)
    await asyncio.sleep(HOLD)
    await flock.shutdown()


if __name__ == "__main__":
    asyncio.run(main())
