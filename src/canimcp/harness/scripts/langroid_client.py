"""A plain client on Langroid's MCP tools, as its documentation shows them: `get_tools_async(server)` gives the
server's tools as Langroid tool messages, which an agent enables; each handles itself when called.

python langroid_client.py stdio CMD ARGS...   |   python langroid_client.py http|sse URL
The server is a FastMCP `StdioTransport` over stdio, or the URL, which FastMCP reads as Streamable HTTP, or as the
legacy SSE transport when it ends in /sse (the probe's SSE URL does). Listing the tools connects once; the script
then calls the probe's `run_scenarios` the way an agent does (the tool message's `handle_async`, which gives back
what the model would read; Langroid opens a new connection for it by default), up to four times until one reads as
done, and stays a while. No agent run: that would need a model.

With CANIMCP_AUTH=1 (HTTP) the server is a FastMCP `StreamableHttpTransport` with `auth="oauth"`, the sign-in FastMCP
documents (Langroid takes any FastMCP transport and has no sign-in of its own): FastMCP opens the authorization URL
with Python's webbrowser module, which hands it to `$BROWSER` (the harness's browser).

One thing is not a default: importing Langroid counts tokens with tiktoken, whose encodings are downloaded on first
use, which a sandbox with no route out cannot do. The script gives tiktoken a byte-level encoding of its own before
Langroid loads (a token is a byte); that only changes how Langroid counts tokens.
"""

import asyncio
import os
import sys

import tiktoken


def offline_encoding(*_: object, **__: object) -> tiktoken.Encoding:
    ranks = {bytes([i]): i for i in range(256)}
    return tiktoken.Encoding("canimcp-bytes", pat_str=r"\S+|\s+", mergeable_ranks=ranks, special_tokens={})


tiktoken.get_encoding = offline_encoding
tiktoken.encoding_for_model = offline_encoding

from fastmcp.client.transports import StdioTransport, StreamableHttpTransport  # noqa: E402  (after tiktoken's set-up)
from langroid.agent.tools.mcp import get_tools_async  # noqa: E402
from scenario_calls import call_until_done  # noqa: E402  (shipped beside this script)

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def server() -> object:
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "stdio":
        return StdioTransport(command=target[0], args=target[1:])
    if kind == "http" and os.environ.get("CANIMCP_AUTH") == "1":
        return StreamableHttpTransport(target[0], auth="oauth")
    return target[0]


async def main() -> None:
    tools = {tool.default_value("request"): tool for tool in await get_tools_async(server())}
    if "run_scenarios" in tools:
        await call_until_done(lambda: tools["run_scenarios"]().handle_async())
    await asyncio.sleep(HOLD)


if __name__ == "__main__":
    asyncio.run(main())
