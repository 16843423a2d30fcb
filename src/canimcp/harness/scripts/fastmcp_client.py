"""A plain client on fastmcp, as its documentation shows it.

python fastmcp_client.py stdio CMD ARGS...   |   python fastmcp_client.py http URL
With CANIMCP_AUTH=1 (HTTP) it signs in the way fastmcp documents, `auth="oauth"`: fastmcp opens the
authorization URL with Python's webbrowser module, which hands it to `$BROWSER` (the harness's browser).
"""

import asyncio
import os
import sys

from fastmcp import Client
from fastmcp.client.transports import StdioTransport

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


async def main() -> None:
    target = StdioTransport(command=sys.argv[2], args=sys.argv[3:]) if sys.argv[1] == "stdio" else sys.argv[2]
    auth = "oauth" if sys.argv[1] == "http" and os.environ.get("CANIMCP_AUTH") == "1" else None
    async with Client(target, auth=auth) as client:
        await client.list_tools()
        for call in (client.list_resources, client.list_prompts):
            try:
                await call()
            except Exception as exc:
                print(f"{call.__name__}: {exc}", file=sys.stderr)
        await asyncio.sleep(HOLD)


asyncio.run(main())
