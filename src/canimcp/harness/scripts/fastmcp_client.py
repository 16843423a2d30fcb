"""A plain client on fastmcp, as its documentation shows it.

python fastmcp_client.py stdio CMD ARGS...   |   python fastmcp_client.py http|sse URL
It lists tools, resources and prompts and calls the probe's `run_scenarios` (in the 2026-07-28 era, which
fastmcp tries first, a server can ask for roots, sampling or elicitation only inside a request; the probe asks for
what was not declared one round at a time and a refusal ends the call, so it calls again until one completes),
`header_echo`, `header_invalid` and `header_number` where the probe lists them (2026-07-28: are the arguments sent
as Mcp-Param headers, and were the tools whose marking is invalid kept?), and `task_tool`, `url_gate` and
`dropped_stream` where the probe lists them (2025-11-25: does a plain call of a tool that must run as a task make it
one; is a call refused until a URL elicitation is complete made again; is the stream the probe cut resumed?), then
stays a while.
With CANIMCP_AUTH=1 (HTTP) it signs in the way fastmcp documents, `auth="oauth"`: fastmcp opens the
authorization URL with Python's webbrowser module, which hands it to `$BROWSER` (the harness's browser).
"""

import asyncio
import os
import sys

from fastmcp import Client
from fastmcp.client.transports import SSETransport, StdioTransport
from late_calls import call_late

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
CUT_STREAM_WAIT = 20.0  # a client that does not resume the cut stream would wait for the answer until its own timeout


async def main() -> None:
    target: StdioTransport | SSETransport | str = sys.argv[2]
    if sys.argv[1] == "stdio":
        target = StdioTransport(command=sys.argv[2], args=sys.argv[3:])
    elif sys.argv[1] == "sse":  # fastmcp would infer it from the /sse path too; the documented class says it outright
        target = SSETransport(sys.argv[2])
    auth = "oauth" if sys.argv[1] == "http" and os.environ.get("CANIMCP_AUTH") == "1" else None
    async with Client(target, auth=auth) as client:
        tools = await client.list_tools()
        for call in (client.list_resources, client.list_prompts):
            try:
                await call()
            except Exception as exc:
                print(f"{call.__name__}: {exc}", file=sys.stderr)
        if any(tool.name == "run_scenarios" for tool in tools):
            for _ in range(4):  # at most one round each for roots, sampling and elicitation, then it completes
                try:
                    await client.call_tool("run_scenarios", {})
                    break
                except Exception as exc:  # what fastmcp does with input requests it cannot answer is on record
                    print(f"run_scenarios: {exc}", file=sys.stderr)
        listed = {tool.name for tool in tools}
        await call_late(client.call_tool, listed)  # the tools of one era (late_calls.py, copied beside this script)
        if "dropped_stream" in listed:
            try:
                await asyncio.wait_for(client.call_tool("dropped_stream", {}), CUT_STREAM_WAIT)
            except Exception as exc:
                print(f"dropped_stream: {exc!r}", file=sys.stderr)
        await asyncio.sleep(HOLD)


asyncio.run(main())
