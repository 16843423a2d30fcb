"""A plain client on the official Python SDK's 1.x releases (`mcp` before 2.0.0), as that release's documentation
(docs/client.md and docs/authorization.md of the v1.x line) shows one: a transport context manager that yields the
streams, a `ClientSession` on them, `initialize()`, then the calls. Defaults only: no callbacks, no client info.

    python python_sdk_client_1x.py stdio CMD ARGS...   |   python python_sdk_client_1x.py http|sse URL

The calls are python_sdk_client.py's (the 2.x script) where the 1.x API has them: list tools, resources and prompts,
the probe's tools of one era where listed (late_calls.py: `task_tool` and `url_gate` at 2025-11-25, the
Mcp-Param header tools in 2026-07-28, which a 1.x session never reaches), `dropped_stream`, then `run_scenarios`
(called again while it fails, at most four times, as the 2.x script does), and the connection is held for
CANIMCP_HOLD_SECONDS so the probe can send its requests. A 1.x session only ever opens with `initialize`.

With CANIMCP_AUTH=1 (HTTP) it signs in first through the SDK's `OAuthClientProvider` on an httpx client handed to
`streamable_http_client`, as the authorization docs show; the person at the browser is sdk_oauth.py beside it.
"""

import asyncio
import os
import sys

import httpx
from mcp import ClientSession, StdioServerParameters
from mcp.client.sse import sse_client
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from python_sdk_calls import make_calls


async def session(read, write) -> None:  # type: ignore[no-untyped-def]
    async with ClientSession(read, write) as client:
        await client.initialize()
        await make_calls(client)


async def main() -> None:
    if sys.argv[1] == "stdio":
        async with stdio_client(StdioServerParameters(command=sys.argv[2], args=sys.argv[3:])) as (read, write):
            await session(read, write)
    elif sys.argv[1] == "sse":  # the legacy HTTP+SSE transport
        async with sse_client(sys.argv[2]) as (read, write):
            await session(read, write)
    elif os.environ.get("CANIMCP_AUTH") == "1":
        from sdk_oauth import signing_in  # beside this script (the recipe's script_helpers)

        url = sys.argv[2]
        auth = signing_in(url, "canimcp-harness-python-sdk")
        async with (
            # the docs' client, with the timeouts the SDK gives its own (a response stream may stay open for minutes)
            httpx.AsyncClient(auth=auth, follow_redirects=True, timeout=httpx.Timeout(30, read=300)) as http,
            streamable_http_client(url, http_client=http) as (read, write, _),
        ):
            await session(read, write)
    else:
        async with streamable_http_client(sys.argv[2]) as (read, write, _):
            await session(read, write)


asyncio.run(main())
