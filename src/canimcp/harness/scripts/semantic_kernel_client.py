"""A plain client on Semantic Kernel's MCP plugins, as its documentation shows them: defaults only.

python semantic_kernel_client.py stdio CMD ARGS...   |   python semantic_kernel_client.py http|sse URL
`MCPStdioPlugin`, `MCPStreamableHttpPlugin`, or `MCPSsePlugin` for the legacy HTTP+SSE transport, with a name
and the server, no kernel and no sampling consent callback. Entering the plugin connects, initializes and loads the
tools and prompts; the script then calls the probe's `dropped_stream` where the probe lists it (2025-11-25: is the
stream the probe cut resumed?), the tools of late_calls.py that are listed (the plain SDK scripts call them too),
and its `run_scenarios` tool through the plugin, stays connected for a few seconds
so the probe can send its requests and notifications, and leaves (which closes). No agent run: that would need a
model.

With CANIMCP_AUTH=1 (HTTP) the plugin is given `auth=`: `MCPStreamableHttpPlugin` documents that arguments it
does not know go to the MCP SDK's `streamablehttp_client`, whose `auth` is an `httpx.Auth`; Semantic Kernel has
no OAuth of its own. That Auth is the SDK's `OAuthClientProvider`, tokens kept in memory; the person at the
browser is this script, which opens the authorization URL and reads the code off the redirect.
"""

import asyncio
import os
import sys

from late_calls import LATE_CALLS, call_late  # beside this script (the recipe's script_helpers)
from semantic_kernel.connectors.mcp import MCPSsePlugin, MCPStdioPlugin, MCPStreamableHttpPlugin

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
CUT_STREAM_WAIT = 20.0  # a client that does not resume the cut stream would wait for the answer until its own timeout


def plugin() -> MCPStdioPlugin | MCPStreamableHttpPlugin | MCPSsePlugin:
    if sys.argv[1] == "stdio":
        return MCPStdioPlugin(name="probe", command=sys.argv[2], args=sys.argv[3:])
    if sys.argv[1] == "sse":
        return MCPSsePlugin(name="probe", url=sys.argv[2])
    if os.environ.get("CANIMCP_AUTH") == "1":
        from sdk_oauth import signing_in  # beside this script (the recipe's script_helpers)

        auth = signing_in(sys.argv[2], "canimcp-harness-semantic-kernel")
        return MCPStreamableHttpPlugin(name="probe", url=sys.argv[2], auth=auth)
    return MCPStreamableHttpPlugin(name="probe", url=sys.argv[2])


async def main() -> None:
    async with plugin() as probe:
        # first: after run_scenarios the plugin stops at the tools/list it sends for the probe's list change
        if hasattr(probe, "dropped_stream"):  # the plugin makes each listed tool a function of its own
            try:
                print(await asyncio.wait_for(probe.call_tool("dropped_stream"), CUT_STREAM_WAIT), file=sys.stderr)
            except Exception as exc:
                print(f"dropped_stream: {exc!r}", file=sys.stderr)
        listed = {name for name, _ in LATE_CALLS if hasattr(probe, name)}
        await call_late(lambda name, arguments: probe.call_tool(name, **arguments), listed)
        try:
            print(await probe.call_tool("run_scenarios"), file=sys.stderr)
        except Exception as exc:  # what it does with the probe's requests is on record either way
            print(f"run_scenarios: {exc!r}", file=sys.stderr)
        await asyncio.sleep(HOLD)


asyncio.run(main())
