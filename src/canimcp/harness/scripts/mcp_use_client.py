"""A plain client on mcp-use.

python mcp_use_client.py stdio CMD ARGS...   |   python mcp_use_client.py http|sse URL
A server entry with a `url` has no transport key: mcp-use tries Streamable HTTP first and falls back to the legacy
HTTP+SSE transport when that fails, so the sse run gives it the probe's /sse URL and nothing else.
With CANIMCP_AUTH=1 (HTTP) the server entry gets `"auth": {}`, mcp-use's OAuth with its defaults: it opens the
authorization URL with Python's webbrowser module, which hands it to `$BROWSER` (the harness's browser).
"""

import asyncio
import os
import sys

from mcp_use import MCPClient

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


async def main() -> None:
    server = {"command": sys.argv[2], "args": sys.argv[3:]} if sys.argv[1] == "stdio" else {"url": sys.argv[2]}
    if sys.argv[1] == "http" and os.environ.get("CANIMCP_AUTH") == "1":
        server["auth"] = {}
    client = MCPClient.from_dict({"mcpServers": {"probe": server}})
    session = await client.create_session("probe")
    await session.list_tools()
    await asyncio.sleep(HOLD)
    await client.close_all_sessions()


asyncio.run(main())
