"""A plain client on Haystack's MCP integration, as its documentation shows it: defaults only.

python mcp_haystack_client.py stdio CMD ARGS...   |   python mcp_haystack_client.py http|sse URL
It describes the server (`StdioServerInfo` with the command and its arguments, `StreamableHttpServerInfo` for
Streamable HTTP, `SSEServerInfo` for the legacy HTTP+SSE transport), builds an `MCPToolset` from it and warms it
up, which connects and turns the server's tools into Haystack tools, and calls the probe's `run_scenarios` through
the Haystack tool, again after a failed call, at most four times, as the sibling scripts do (the integration opens
with `initialize`, so the probe asks for roots, sampling and elicitation right after it). Then it keeps the session
open for a few seconds and closes the toolset. No agent run: that would need a model.
"""

import os
import sys
import time

from haystack_integrations.tools.mcp import MCPToolset, SSEServerInfo, StdioServerInfo, StreamableHttpServerInfo

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def server() -> StdioServerInfo | StreamableHttpServerInfo | SSEServerInfo:
    """The probe, described for the transport asked for."""
    if sys.argv[1] == "stdio":
        return StdioServerInfo(command=sys.argv[2], args=sys.argv[3:])
    if sys.argv[1] == "sse":
        return SSEServerInfo(url=sys.argv[2])
    return StreamableHttpServerInfo(url=sys.argv[2])


def main() -> None:
    toolset = MCPToolset(server_info=server())
    toolset.warm_up()  # it connects here, as an Agent or a ToolInvoker has it do before the first run
    scenarios = next((tool for tool in toolset if tool.name == "run_scenarios"), None)
    if scenarios is not None:
        for _ in range(4):
            try:
                print(f"run_scenarios: {scenarios.invoke()}")
                break
            except Exception as exc:  # what it does with input requests it cannot answer is on record
                print(f"run_scenarios: {exc}", file=sys.stderr)
    time.sleep(HOLD)
    toolset.close()


if __name__ == "__main__":
    main()
