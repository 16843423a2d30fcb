"""Langroid's MCP tools as an app that passes the handlers `get_tools_async` takes on to its FastMCP client: a sampling
handler, a list of roots and a log handler (and a read timeout of a minute). It calls the probe's `run_scenarios`
until the scenarios are done (each call on a new connection, as Langroid makes it), then, with tools listed again
with a read timeout of two seconds, a slow task that outlasts it. The tiktoken stand-in is the recipe script's
(importing Langroid asks for an encoding).

    python langroid_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

Prints one JSON line per step (what the client handed back)."""

from __future__ import annotations

import asyncio
import datetime
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[3] / "src/canimcp/harness/scripts"))
import langroid_client  # noqa: F401  (gives tiktoken its offline encoding before Langroid loads)
from fastmcp.client.transports import StdioTransport
from langroid.agent.tools.mcp import get_tools_async

LOGGED: list[Any] = []


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def sample(messages: Any, params: Any, context: Any) -> str:
    return "canimcp app: a sampled answer"


async def log(message: Any) -> None:
    LOGGED.append(getattr(message, "data", message))


async def main(command: str, *args: str) -> None:
    tools = await get_tools_async(
        StdioTransport(command=command, args=list(args)),
        sampling_handler=sample,
        roots=["file:///tmp/canimcp-app-root"],
        log_handler=log,
        read_timeout_seconds=datetime.timedelta(seconds=60),  # a round of the probe's requests outlasts the default 15
    )
    by_name = {tool.default_value("request"): tool for tool in tools}
    for _ in range(4):
        result = str(await by_name["run_scenarios"]().handle_async())
        say("run_scenarios", result[:400])
        if "Scenarios done" in result:
            break
    say("logged", LOGGED)
    impatient = await get_tools_async(
        StdioTransport(command=command, args=list(args)), read_timeout_seconds=datetime.timedelta(seconds=2)
    )
    slow = next(tool for tool in impatient if tool.default_value("request") == "slow_task")
    try:  # a call that outlasts the read timeout
        say("slow_task", str(await slow(seconds=20).handle_async()))
    except Exception as exc:
        say("gave up", f"{type(exc).__name__}: {exc}")
    await asyncio.sleep(3)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
