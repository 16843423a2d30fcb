"""The probe's tools of one era that the plain SDK scripts call after listing (python_sdk_client.py and
fastmcp_client.py, beside which the harness copies this module): in 2026-07-28 `header_echo`, with one plain header
value and one to Base64-wrap, and the two tools whose x-mcp-header marking is invalid, which reach the app only if
the client kept them; at 2025-11-25 `task_tool`, whose taskSupport is "required" (does a plain call make it a task?),
and `url_gate`, refused with -32042 until a URL elicitation is complete (does the client call it again then?).
What the client does with a call it cannot make is part of the record, so a failure is printed and the script goes on.
Scripts that end on `dropped_stream` call it last through `call_dropped_stream`.
"""

import asyncio
import sys
from collections.abc import Awaitable, Callable
from typing import Any

LATE_CALLS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("header_echo", {"region": "eu-west-1", "greeting": "Grüße, MCP"}),
    ("header_invalid", {"filter": {"kind": "probe"}}),
    ("header_number", {"ratio": 0.5}),
    ("task_tool", {}),
    ("url_gate", {}),
)


async def call_late(call_tool: Callable[[str, dict[str, Any]], Awaitable[Any]], listed: set[str]) -> None:
    for name, arguments in LATE_CALLS:
        if name in listed:
            try:
                await call_tool(name, arguments)
            except Exception as exc:
                print(f"{name}: {exc}", file=sys.stderr)


async def call_dropped_stream(call_tool: Callable[[str, dict[str, Any]], Awaitable[Any]], listed: set[str]) -> None:
    """`dropped_stream`, where listed, as the last call: over HTTP the probe cuts its stream, and a client that does
    not resume it waits on the call for ever, so the wait ends after 30 s."""
    if "dropped_stream" in listed:
        try:
            await asyncio.wait_for(call_tool("dropped_stream", {}), 30)
        except TimeoutError:
            print("dropped_stream: no result after 30 s", file=sys.stderr)
