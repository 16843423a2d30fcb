"""A plain client on Microsoft Agent Framework's MCP tools, as its documentation shows them: defaults only.

python agent_framework_client.py stdio CMD ARGS...   |   python agent_framework_client.py http URL
An `MCPStdioTool` or an `MCPStreamableHTTPTool` (the framework has no tool for the legacy HTTP+SSE transport), entered
with `async with`, which connects and loads the server's tools and prompts. The script calls the probe's
`dropped_stream` where the probe lists it (from 2025-03-26: is the stream the probe cut resumed?), its
`run_scenarios` (again after a failed call, at most four times, as the sibling scripts do), then the tools of
late_calls.py that are listed, stays connected for a few seconds so the probe can send its requests and
notifications, and closes. No agent run here: agent_framework_agent.py is the one with a model.
With CANIMCP_AUTH=1 (HTTP) the tool is given `http_client=`, an httpx2 client whose `auth` is the MCP SDK's
`OAuthClientProvider`: the framework documents the option for HTTP settings of the app's own and hands the client
to the SDK's transport as it is; it has no sign-in of its own. The person at the browser is sdk_oauth.py.
"""

import asyncio
import os
import sys
from typing import Any

from agent_framework import MCPStdioTool, MCPStreamableHTTPTool
from late_calls import call_late  # beside this script (the recipe's script_helpers)

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
CUT_STREAM_WAIT = 20.0  # a client that does not resume the cut stream would wait for the answer until its own timeout


def probe_tool() -> MCPStdioTool | MCPStreamableHTTPTool:
    if sys.argv[1] == "stdio":
        return MCPStdioTool(name="probe", command=sys.argv[2], args=sys.argv[3:])
    if os.environ.get("CANIMCP_AUTH") == "1":
        import httpx2
        from sdk_oauth import signing_in  # beside this script (the recipe's script_helpers)

        auth = signing_in(sys.argv[2], "canimcp-harness-agent-framework")
        return MCPStreamableHTTPTool(name="probe", url=sys.argv[2], http_client=httpx2.AsyncClient(auth=auth))
    return MCPStreamableHTTPTool(name="probe", url=sys.argv[2])


async def main() -> None:
    async with probe_tool() as probe:

        async def call(name: str, arguments: dict[str, Any]) -> None:
            print(f"{name}: {await probe.call_tool(name, **arguments)}", file=sys.stderr)

        listed = {function.name for function in probe.functions}
        if "dropped_stream" in listed:
            try:
                await asyncio.wait_for(call("dropped_stream", {}), CUT_STREAM_WAIT)
            except Exception as exc:
                print(f"dropped_stream: {exc!r}", file=sys.stderr)
        if "run_scenarios" in listed:
            for _ in range(4):
                try:
                    await call("run_scenarios", {})
                    break
                except Exception as exc:  # what it does with the probe's requests is on record either way
                    print(f"run_scenarios: {exc!r}", file=sys.stderr)
        await call_late(call, listed)
        await asyncio.sleep(HOLD)


asyncio.run(main())
