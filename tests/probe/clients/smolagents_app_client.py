"""smolagents' `MCPClient` (PyPI `smolagents` with its `mcp` extra, which brings mcpadapt) as an app that uses what
the client offers of the optional features: a session timeout that gives up on a tool call.

    python smolagents_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

`MCPClient` hands the app only the server's tools as smolagents tools (called synchronously); it has no call for
resource templates, argument completion, log levels or log messages, progress or resource subscriptions. Its one
timeout is mcpadapt's `client_session_timeout_seconds`, passed through `adapter_kwargs`: given as a float it
becomes the read timeout of the Python SDK session (the default, the int 5, is not converted and leaves none), so
the app sets 1.0 and calls `slow_task` for twenty seconds, then stays connected two more seconds before leaving.
Prints one JSON line per step (what the client handed back)."""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from mcp import StdioServerParameters
from smolagents import MCPClient


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


def main(command: str, *args: str) -> None:
    params = StdioServerParameters(command=command, args=list(args))
    adapter_kwargs = {"client_session_timeout_seconds": 1.0}
    with MCPClient(params, adapter_kwargs=adapter_kwargs, structured_output=False) as tools:
        say("tools", [tool.name for tool in tools])
        slow = next(tool for tool in tools if tool.name == "slow_task")
        try:  # the session's read timeout runs out after a second
            say("gave up", slow(seconds=20))
        except Exception as exc:
            say("gave up", f"{type(exc).__name__}: {exc}")
        time.sleep(2)  # time for a cancellation, had one been sent, to reach the probe


if __name__ == "__main__":
    main(*sys.argv[1:])
