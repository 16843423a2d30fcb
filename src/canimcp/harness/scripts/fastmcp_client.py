"""A plain client on fastmcp, as its documentation shows it.

python fastmcp_client.py stdio CMD ARGS...   |   python fastmcp_client.py http URL
"""

import asyncio
import os
import sys

from fastmcp import Client
from fastmcp.client.transports import StdioTransport

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


async def main() -> None:
    target = StdioTransport(command=sys.argv[2], args=sys.argv[3:]) if sys.argv[1] == "stdio" else sys.argv[2]
    async with Client(target) as client:
        await client.list_tools()
        for call in (client.list_resources, client.list_prompts):
            try:
                await call()
            except Exception as exc:
                print(f"{call.__name__}: {exc}", file=sys.stderr)
        await asyncio.sleep(HOLD)


asyncio.run(main())
