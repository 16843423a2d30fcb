"""PraisonAI Agents (PyPI `praisonaiagents`) as an app that gives its MCP tool source a timeout: `MCP(command,
timeout=2)`, the documented option (60 seconds unless given; 180 for servers started through npx or uvx). It calls
the probe's slow_task for 20 seconds, which the timeout gives up after two, then waits a few seconds (the probe would
record a cancellation sent in that time), calls echo to show the session still answers, and shuts down. Prints one
JSON line per step.

Usage: <install>/bin/python praisonaiagents_app_client.py COMMAND [ARGS...]
    (the stdio server to spawn, e.g. canimcp probe stdio; run with the interpreter of a praisonaiagents[mcp] install)
"""

import json
import shlex
import sys
import time

from praisonaiagents.mcp import MCP


def show(step: str, value: object) -> None:
    print(json.dumps({"step": step, "value": value}), flush=True)


mcp = MCP(shlex.join(sys.argv[1:]), timeout=2)
try:
    tools = {tool.__name__: tool for tool in mcp.get_tools()}
    show("tools", sorted(tools))
    show("slow_task", str(tools["slow_task"](seconds=20))[:200])
    time.sleep(4)
    show("echo", str(tools["echo"](text="still here"))[:200])
finally:
    mcp.shutdown()
