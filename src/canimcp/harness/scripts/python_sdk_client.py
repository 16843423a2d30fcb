"""A plain client on the official Python SDK (mcp 2.x), as its documentation shows it: defaults only.

    python python_sdk_client.py stdio CMD ARGS...   |   python python_sdk_client.py http|sse URL
It connects (the SDK's default `auto` mode tries 2026-07-28 first), lists tools, resources and prompts, calls
the probe's `header_echo`, `header_invalid` and `header_number` when they are listed (2026-07-28 only: are the
arguments sent as Mcp-Param headers, and did the SDK keep the tools whose marking is invalid?), its
`task_tool`, `url_gate` and `dropped_stream` when they are listed (2025-11-25 only: does a plain call of a tool that
must run as a task make it one; is a call refused until a URL elicitation is complete made again; is the cut stream
resumed?) and its `run_scenarios` (in the 2026-07-28 era a server can ask
for roots, sampling or elicitation only inside a request, here a tool call, as an app makes; the probe asks for
what was not declared one round at a time, and the SDK abandons a call at the first refusal, so it calls again
until the call completes), then stays connected for a few seconds so the probe can send its requests.

With CANIMCP_AUTH=1 (HTTP) it signs in first through the SDK's `OAuthClientProvider`, tokens kept in memory; the
person at the browser is sdk_oauth.py beside it, which opens the authorization URL and reads the code off the
redirect.
"""

import asyncio
import os
import sys

import httpx2
from mcp import Client, StdioServerParameters
from mcp.client.sse import sse_client
from mcp.client.streamable_http import streamable_http_client
from python_sdk_calls import make_calls


async def main() -> None:
    if sys.argv[1] == "stdio":
        async with Client(StdioServerParameters(command=sys.argv[2], args=sys.argv[3:])) as client:
            await make_calls(client)
    elif os.environ.get("CANIMCP_AUTH") == "1":
        from sdk_oauth import signing_in  # beside this script (the recipe's script_helpers)

        url = sys.argv[2]
        auth = signing_in(url, "canimcp-harness-python-sdk")
        async with (
            # the timeouts the SDK gives its own HTTP client: a response stream may stay open for minutes
            httpx2.AsyncClient(auth=auth, timeout=httpx2.Timeout(30, read=300)) as http,
            Client(streamable_http_client(url, http_client=http)) as client,
        ):
            await make_calls(client)
    elif sys.argv[1] == "sse":  # the legacy HTTP+SSE transport has its own client; a URL alone means Streamable HTTP
        async with Client(sse_client(sys.argv[2])) as client:
            await make_calls(client)
    else:
        async with Client(sys.argv[2]) as client:
            await make_calls(client)


asyncio.run(main())
