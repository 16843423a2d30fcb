"""Microsoft Agent Framework's `MCPStdioTool` (PyPI `agent-framework-core`, with `mcp` and `tenacity`) as an app that
uses what the tool offers of the optional features: a log level, taken from the level of the framework's MCP
logger; giving up on a tool call, once through the tool's `request_timeout` and once by cancelling the task that
awaits the call; and sampling, which takes two options: a chat client to answer with and an approval callback.

    python agent_framework_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

The tool has no call for resources, resource templates, argument completion or resource subscriptions and takes no
progress handler. Before connecting, the app sets the `agent_framework._mcp` logger to INFO and attaches a handler
that prints what reaches it: the tool derives the level it asks the server for from that logger's own level, and
logs the server's log messages there. `request_timeout=2` is the tool's timeout for every request (the default is
30 s). The chat client is the framework's `OpenAIChatClient` (package `agent-framework-openai`) on canimcp's scripted
model at $CANIMCP_MODEL_URL (`python -m canimcp.harness.model PORT`); the approval callback approves every request
and prints it. Run against the probe of the handshake era (`canimcp probe stdio --era handshake`), which sends its
requests for roots, sampling (plain, then with tools) and elicitation of its own accord once a session starts, so
the sampling requests come while the tool connects; the app's last step, a call of `run_scenarios`, runs into the
two-second timeout. Prints one JSON line per step (what the tool handed back)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
from typing import Any

from agent_framework import MCPStdioTool
from agent_framework.openai import OpenAIChatClient


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


class Printed(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        say("log", {"level": record.levelname, "message": record.getMessage()})


async def attempt(step: str, call: Any) -> None:
    try:
        result = await call  # a list of the framework's Content items
        say(step, [getattr(item, "text", None) or repr(item) for item in result])
    except Exception as exc:
        say(step, f"{type(exc).__name__}: {exc}")


def approve(params: Any) -> bool:
    say("sampling approved", params.model_dump(mode="json", exclude_none=True))
    return True


async def main(command: str, *args: str) -> None:
    model = OpenAIChatClient(
        model="canimcp-scripted", base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1", api_key="canimcp-scripted-model"
    )
    mcp_logger = logging.getLogger("agent_framework._mcp")
    mcp_logger.setLevel(logging.INFO)
    mcp_logger.addHandler(Printed())
    options: dict[str, Any] = {"request_timeout": 2, "client": model, "sampling_approval_callback": approve}
    async with MCPStdioTool(name="probe", command=command, args=list(args), **options) as tool:
        await attempt("echo", tool.call_tool("echo", text="hello"))
        await attempt("plain call", tool.call_tool("slow_task", seconds=1))
        # the tool's request_timeout runs out after two seconds
        await attempt("timed out", tool.call_tool("slow_task", seconds=20))
        # the app cancels the task awaiting the call after a second
        await attempt("task cancelled", asyncio.wait_for(tool.call_tool("slow_task", seconds=20), 1))
        await attempt("scenarios", tool.call_tool("run_scenarios"))
        await asyncio.sleep(1)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
