"""The app in front of MCP Proxy for AWS: a stdio client of the official Python SDK (the `mcp` 1.x that the proxy's
fastmcp brings, in the same virtual environment) that starts `mcp-proxy-for-aws URL` as its stdio server, as a
desktop app configured with the proxy does. The probe sees only the proxy's own session upstream; this app is what
the proxy could pass on.

    python mcp_proxy_for_aws_client.py URL
The proxy is started with the endpoint alone, and with an `env` that hands it the `AWS_*` variables of this script's
environment (the recipe's placeholder credentials and region), as an app's server entry would: the SDK's stdio client
passes a child only a few safe variables of its own. The app is written as a rich client would be (front_app.py): it
names itself (`canimcp-aws-proxied-app`) and gives the SDK handlers for roots (one root), sampling (a canned answer),
elicitation (declines) and log messages, so its initialize declares roots (with listChanged), sampling and elicitation.
Each handler and every notification that reaches the app is printed to stderr, so the step's output says what the
proxy passed down. Then it does what mcp-proxy's app does (mcp_proxy_client.drive): lists tools, resources and
prompts, calls the probe's tools of one era (late_calls.py), `dropped_stream` when listed, and `run_scenarios` until
its result reads as done (at most four calls), and holds the connection open for CANIMCP_HOLD_SECONDS before it
closes the proxy's stdin.
"""

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from front_app import front_app, say  # beside this script (the recipe's script_helpers)
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import get_default_environment, stdio_client
from mcp_proxy_client import drive  # what the app does through the proxy is what mcp-proxy's app does


def proxy(url: str) -> StdioServerParameters:
    """The proxy as a user configures it: the endpoint, and the AWS variables in the server entry's env."""
    command = str(Path(sys.executable).with_name("mcp-proxy-for-aws"))  # the proxy installed beside this app
    env = get_default_environment() | {k: v for k, v in os.environ.items() if k.startswith("AWS_")}
    return StdioServerParameters(command=command, args=[url], env=env)


@asynccontextmanager
async def app_session(url: str) -> AsyncIterator[ClientSession]:
    """The app's session with the proxy, every handler set, before initialize."""
    async with (
        stdio_client(proxy(url)) as (read, write),
        ClientSession(read, write, **front_app("canimcp-aws-proxied-app")) as session,
    ):
        yield session


async def main() -> None:
    async with app_session(sys.argv[1]) as session:
        await drive(session, "the proxy")
    say("closed")


if __name__ == "__main__":
    asyncio.run(main())
