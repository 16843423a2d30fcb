"""A plain client on Griptape's `MCPTool`, as its documentation shows it: one tool for one server's connection (a
dict whose `transport` is `stdio`, `streamable_http` or `sse`), whose activities are the server's tools.

python griptape_client.py stdio CMD ARGS...   |   python griptape_client.py http|sse URL
Making the tool lists the server's tools (a connection of its own); the script then calls the probe's
`run_scenarios` activity the way an agent runs it (each call opens a new connection), up to four times until one
reads as done, and stays a while. No agent run: that would need a model.
"""

import asyncio
import os
import sys
import time

from griptape.tools import MCPTool
from scenario_calls import call_until_done  # shipped beside this script

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def connection() -> dict[str, object]:
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "stdio":
        return {"transport": "stdio", "command": target[0], "args": target[1:]}
    return {"transport": "sse" if kind == "sse" else "streamable_http", "url": target[0]}


def probe_tool() -> MCPTool:
    return MCPTool(name="probe", connection=connection())


def main() -> None:
    tool = probe_tool()  # outside any event loop, as in Griptape's documentation (it runs its own to list the tools)
    if "run_scenarios" in {tool.activity_name(activity) for activity in tool.activities()}:
        # each call is blocking (Griptape runs a session inside it): off the event loop that counts the calls
        asyncio.run(call_until_done(lambda: asyncio.to_thread(lambda: tool.run_scenarios({"values": {}}).to_text())))
    time.sleep(HOLD)


if __name__ == "__main__":
    main()
