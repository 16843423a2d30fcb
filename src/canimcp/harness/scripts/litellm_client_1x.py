"""LiteLLM's proxy (its AI gateway) of the releases whose `proxy` extra asks for the official Python SDK 1.x
(`mcp>=1.28.1,<2.0` in 1.93.0), run as litellm_client.py runs the newest: the gateway configured with the probe as its
one server under `mcp_servers:` (defaults, a master key) and started with `litellm --config ...` on loopback by
litellm_gateway.py, which both scripts share, and an app in front of its `/mcp` endpoint.

    python litellm_client_1x.py stdio CMD ARGS...   |   python litellm_client_1x.py http|sse URL

What differs from litellm_client.py is the SDK the app is written with, the one in the gateway's environment: the
1.x API has no `Client`, so the app opens the SDK's `streamable_http_client` (with an `httpx` client carrying the
master key) and runs a `ClientSession` on its streams, with the same name, callbacks and calls (front_app.py,
late_calls.py, scenario_calls.py). These releases have no LITELLM_ENABLE_MCP_STDIO switch (stdio servers run
without one), so for stdio the gateway only gets the probe's interpreter in LITELLM_MCP_STDIO_EXTRA_COMMANDS, the
variable with which their allowlist of commands is extended. The gateway's own log goes to `litellm-proxy.log` in the
working folder; its errors are printed at the end.
"""

import asyncio
import os
import sys

import httpx
from front_app import front_app, say  # beside this script (the recipe's script_helpers)
from litellm_gateway import KEY, PORT, list_and_call, run
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


async def app() -> None:
    async with (
        httpx.AsyncClient(headers={"Authorization": f"Bearer {KEY}"}, timeout=httpx.Timeout(30, read=300)) as http,
        streamable_http_client(f"http://127.0.0.1:{PORT}/mcp", http_client=http) as (read, write, _),
        ClientSession(read, write, **front_app("canimcp-gateway-app")) as session,
    ):
        init = await session.initialize()
        say(f"initialized with {init.serverInfo} at {init.protocolVersion}")
        say(f"the server's instructions reached the app: {init.instructions!r}"[:300])
        await list_and_call(session)
        await asyncio.sleep(HOLD)
    say("closed")


if __name__ == "__main__":
    run(app, sys.argv[1:], stdio_switch=False)  # these releases have no switch for stdio servers
