"""A plain client on PraisonAI Agents' `MCP`, as its documentation shows it: one string, nothing else.

python praisonaiagents_client.py stdio CMD ARGS...   |   python praisonaiagents_client.py http|sse URL
`MCP("command args")` starts a stdio server from the command line (split as a shell would); `MCP(url)` connects
over Streamable HTTP, or over the legacy HTTP+SSE transport when the URL ends in `/sse` (the probe's SSE URL does).
It lists the tools (`get_tools()`, plain Python functions), calls the probe's `run_scenarios` (up to four calls in
all, until one reads as done), stays a while, and shuts down. No agent run: that would need a model.

With CANIMCP_AUTH=1 (HTTP) the app signs in first with the package's exported `MCPOAuthProvider` (discovery,
dynamic registration, PKCE in the browser with a loopback callback; its token kept in the package's store under
HOME), whose `ensure_authenticated()` returns the token, and hands it to `MCP(url, headers=...)`: `MCP` itself has
no sign-in, and fixed headers are its only way to send one. The browser is the harness's.
"""

import os
import shlex
import sys
import time

from praisonaiagents.mcp import MCP

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))

kind, target = sys.argv[1], sys.argv[2:]
headers = {}
if kind == "http" and os.environ.get("CANIMCP_AUTH") == "1":
    from praisonaiagents.mcp import MCPOAuthProvider

    token = MCPOAuthProvider("probe", target[0]).ensure_authenticated(timeout=60)
    headers = {"Authorization": f"Bearer {token}"}
mcp = MCP(shlex.join(target)) if kind == "stdio" else MCP(target[0], headers=headers or None)
try:
    tools = {tool.__name__: tool for tool in mcp.get_tools()}
    for _ in range(4 if "run_scenarios" in tools else 0):
        result = str(tools["run_scenarios"]())
        print(result[:300], file=sys.stderr)
        if "Scenarios done" in result:
            break
    time.sleep(HOLD)
finally:
    mcp.shutdown()
    time.sleep(0.5)  # shutdown() only schedules the Streamable HTTP close, which sends the DELETE
