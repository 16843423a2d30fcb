"""Griptape's `MCPTool` as an app that calls a slow tool over the legacy SSE transport with the connection's defaults:
the probe's `slow_task` for eight seconds, longer than the five seconds Griptape gives an SSE stream to stay silent.

    python griptape_app_client.py URL    (the SSE endpoint of `canimcp probe serve`: http://127.0.0.1:PORT/sse)

Prints one JSON line per step (what the client handed back)."""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from griptape.tools import MCPTool


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


def main(url: str) -> None:
    tool = MCPTool(name="probe", connection={"transport": "sse", "url": url})
    started = time.monotonic()
    result = tool.slow_task({"values": {"seconds": 8}})
    say("slow_task", {"after": round(time.monotonic() - started, 1), "result": result.to_text()[:300]})


if __name__ == "__main__":
    main(sys.argv[1])
