"""A plain app on DSPy's MCP bridge, as DSPy's documentation shows it: DSPy opens no connection of its own. The app
connects with the official Python SDK (`mcp`, which the `dspy[mcp]` extra brings, 2.x in a default install), lists the
tools itself, and turns each into a DSPy tool with `dspy.Tool.from_mcp_tool(session, tool)`; DSPy then calls the tool
through that session and converts the result.

python dspy_client.py stdio CMD ARGS...   |   python dspy_client.py http|sse URL
The connection is the one DSPy's MCP page shows for each transport: over stdio the SDK's `stdio_client` and a
`ClientSession` that the app initializes (the example the page gives for both SDK versions), over Streamable HTTP the
SDK 2.x's `Client` given the URL (the page's example for SDK 2.x). The page has no example for the legacy HTTP+SSE
transport; the app opens the SDK's `sse_client` and a `ClientSession` on it, as over stdio. No clientInfo and no
handlers are given, as in those examples.
The script then calls, through the DSPy tools and the way DSPy's ReAct does (the tool's `acall`, whose return value or
raised error is what the agent shows its model), the probe's tools of one era where they are listed (late_calls.py),
`dropped_stream`, and `run_scenarios` until it reads as done (at most four times), stays a while, and leaves.

With CANIMCP_AUTH=1 (HTTP) the app signs in before it connects, as the SDK offers (DSPy has no part in it): the `Client`
gets a Streamable HTTP transport whose httpx2 client carries the SDK's `OAuthClientProvider` (sdk_oauth.py, beside this
script; tokens in memory).
"""

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import dspy
from late_calls import call_late  # shipped beside this script
from mcp import Client, ClientSession, StdioServerParameters
from mcp.client.sse import sse_client
from mcp.client.stdio import stdio_client
from scenario_calls import call_until_done  # shipped beside this script

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


@asynccontextmanager
async def connect() -> AsyncIterator[Any]:
    """The app's connection to the server named on the command line: a session DSPy's tools can call through."""
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "http" and os.environ.get("CANIMCP_AUTH") == "1":
        import httpx2
        from mcp.client.streamable_http import streamable_http_client
        from sdk_oauth import signing_in  # beside this script (the recipe's script_helpers)

        auth = signing_in(target[0], "canimcp-harness-dspy")
        # the timeouts the SDK gives its own HTTP client: a response stream may stay open for minutes
        async with (
            httpx2.AsyncClient(auth=auth, timeout=httpx2.Timeout(30, read=300)) as http,
            Client(streamable_http_client(target[0], http_client=http)) as client,
        ):
            yield client
    elif kind == "http":
        async with Client(target[0]) as client:
            yield client
    else:
        opened = (
            stdio_client(StdioServerParameters(command=target[0], args=target[1:]))
            if kind == "stdio"
            else sse_client(target[0])
        )
        async with opened as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            yield session


async def dspy_tools(session: Any) -> dict[str, dspy.Tool]:
    """The server's tools as DSPy tools: the app lists them, DSPy converts each."""
    listed = await session.list_tools()
    return {tool.name: dspy.Tool.from_mcp_tool(session, tool) for tool in listed.tools}


async def main() -> None:
    async with connect() as session:
        tools = await dspy_tools(session)

        async def call(name: str, arguments: dict[str, Any]) -> Any:
            return await tools[name].acall(**arguments)

        await call_late(call, set(tools))
        if "dropped_stream" in tools:
            try:
                await call("dropped_stream", {})
            except Exception as exc:
                print(f"dropped_stream: {exc}", file=sys.stderr)

        async def run_scenarios() -> str:
            try:
                return str(await call("run_scenarios", {}))
            except Exception as error:  # DSPy raises an isError result, and ReAct hands the error's text to the model
                return str(error)

        if "run_scenarios" in tools:
            await call_until_done(run_scenarios)
        await asyncio.sleep(HOLD)


if __name__ == "__main__":
    asyncio.run(main())
