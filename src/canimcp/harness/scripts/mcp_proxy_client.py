"""The app in front of mcp-proxy: a stdio client of the official Python SDK (the `mcp` 1.x that mcp-proxy installs,
in the same virtual environment) that starts `mcp-proxy URL` as its stdio server, as a desktop app configured with
mcp-proxy does. The probe sees only mcp-proxy's own session upstream; this app is what mcp-proxy could pass on.

    python mcp_proxy_client.py http|sse URL
Over `http` the proxy is started with `--transport streamablehttp`, over `sse` with no transport option (its default,
the legacy HTTP+SSE transport). The app is written as a rich client would be: it names itself (`canimcp-proxied-app`)
and gives the SDK handlers for roots (one root), sampling (a canned answer), elicitation (declines) and log messages,
so its initialize to mcp-proxy declares roots (with listChanged), sampling and elicitation (form and url). Each
handler and every notification that reaches the app is printed to stderr, so the step's output says what mcp-proxy
passed down. Then it does what the plain SDK scripts do: lists tools, resources and prompts, calls the probe's tools of
one era (late_calls.py), `dropped_stream` when listed, and `run_scenarios` until its result reads as done (at most
four calls), and holds the connection open for CANIMCP_HOLD_SECONDS before it closes mcp-proxy's stdin.
"""

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from front_app import front_app, say  # beside this script (the recipe's script_helpers)
from late_calls import call_late
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def proxy(transport: str, url: str) -> StdioServerParameters:
    """mcp-proxy as a user configures it: the URL, and for Streamable HTTP its transport option."""
    command = str(Path(sys.executable).with_name("mcp-proxy"))  # the proxy installed beside this app
    args = [url, "--transport", "streamablehttp"] if transport == "http" else [url]
    return StdioServerParameters(command=command, args=args)


@asynccontextmanager
async def app_session(transport: str, url: str) -> AsyncIterator[ClientSession]:
    """The app's session with mcp-proxy, every handler set, before initialize."""
    async with (
        stdio_client(proxy(transport, url)) as (read, write),
        ClientSession(read, write, **front_app("canimcp-proxied-app")) as session,
    ):
        yield session


async def drive(session: ClientSession, proxy_name: str) -> None:
    """What the app does through a proxy (MCP Proxy for AWS's app does the same): initialize, list, call the probe's
    tools of one era, `dropped_stream` and `run_scenarios` until done, and hold the connection."""
    init = await session.initialize()
    say(f"initialized with {init.serverInfo.name} {init.serverInfo.version} at {init.protocolVersion}")
    say(f"the server's instructions reached the app: {(init.instructions or '')[:120]!r}")
    say(f"capabilities {proxy_name} offers the app: {init.capabilities.model_dump(exclude_none=True)}")
    tools = await session.list_tools()
    for call in (session.list_resources, session.list_prompts):
        try:
            await call()
        except Exception as exc:  # a server may not offer them; keep going
            say(f"{call.__name__}: {exc}")
    listed = {tool.name for tool in tools.tools}
    say(f"tools: {sorted(listed)}")
    await call_late(session.call_tool, listed)  # the tools of one era (late_calls.py)
    if "dropped_stream" in listed:
        try:
            result = await session.call_tool("dropped_stream", {})
            say(f"dropped_stream: {str(result.content)[:200]}")
        except Exception as exc:
            say(f"dropped_stream: {exc}")

    async def run_scenarios() -> str:
        try:
            result = await session.call_tool("run_scenarios", {})
        except Exception as exc:  # what comes back for requests nobody answered is part of the record
            return str(exc)
        return " ".join(getattr(block, "text", "") for block in result.content)

    if "run_scenarios" in listed:
        await call_until_done(run_scenarios)
    await asyncio.sleep(HOLD)


async def main() -> None:
    async with app_session(sys.argv[1], sys.argv[2]) as session:
        await drive(session, "mcp-proxy")
    say("closed")


if __name__ == "__main__":
    asyncio.run(main())
