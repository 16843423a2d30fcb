"""A plain app on aisuite's `MCPClient`, as its documentation shows the explicit client: defaults only.

python aisuite_client.py stdio CMD ARGS...   |   python aisuite_client.py http URL
`MCPClient(command=..., args=...)` (stdio, on the official SDK's `ClientSession`) or `MCPClient(server_url=...)`
(aisuite's own JSON-RPC-over-POST code for HTTP), used as a context manager. The constructor connects and lists the
tools; the script then calls the probe's tools through the callables `get_tool` gives (what the model of a tool loop
would read is what they return): `dropped_stream` where the probe lists it, `run_scenarios` until a result reads as
done (at most four times), the tools of late_calls.py that are listed, and stays a while before it leaves. The client
is synchronous: it runs its asyncio loop only inside a call, so the script waits by running that loop (the one
MCPClient made current) for CANIMCP_HOLD_SECONDS, as an app doing other async work on it would; over HTTP nothing is
open between calls. No agent run here: that would need a model (aisuite_agent.py).
"""

import asyncio
import os
import sys
from typing import Any

from aisuite.mcp import MCPClient
from late_calls import LATE_CALLS  # beside this script (the recipe's script_helpers)

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
DONE = "Scenarios done"


def connect() -> MCPClient:
    if sys.argv[1] == "stdio":
        return MCPClient(command=sys.argv[2], args=sys.argv[3:], name="probe")
    return MCPClient(server_url=sys.argv[2], name="probe")


def call(client: MCPClient, name: str, arguments: dict[str, Any]) -> str:
    tool = client.get_tool(name)
    assert tool is not None
    try:
        result = str(tool(**arguments))
    except Exception as exc:  # what the client makes of a failed call is part of the record
        result = f"raised {exc!r}"
    print(f"{name}: {result[:300]}", file=sys.stderr)
    return result


def main() -> None:
    with connect() as client:
        listed = {tool["name"] for tool in client.list_tools()}
        print(f"listed: {sorted(listed)}", file=sys.stderr)
        if "dropped_stream" in listed:
            call(client, "dropped_stream", {})
        if "run_scenarios" in listed:
            for _ in range(4):
                if DONE in call(client, "run_scenarios", {}):
                    break
        for name, arguments in LATE_CALLS:
            if name in listed:
                call(client, name, arguments)
        asyncio.get_event_loop().run_until_complete(asyncio.sleep(HOLD))


if __name__ == "__main__":
    main()
