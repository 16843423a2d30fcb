"""A plain client on smolagents' `MCPClient`, as its documentation shows it: defaults only.

python smolagents_client.py stdio CMD ARGS...   |   python smolagents_client.py http|sse URL
A URL goes in a dict whose "transport" key chooses: "streamable-http", or "sse" for the legacy HTTP+SSE transport.
`MCPClient` connects when it is made (through mcpadapt, which runs the Python SDK's session on a thread of its
own) and hands back the server's tools as smolagents tools; leaving it disconnects. The script calls the probe's
`run_scenarios` through its tool (up to four calls in all, until one does not raise), stays connected for a few
seconds so the probe can send its requests, and leaves. No agent run: that would need a model.

With CANIMCP_AUTH=1 (HTTP) the dict also gets an "auth" entry. Neither smolagents nor mcpadapt (0.1.19) has an
OAuth option of its own; mcpadapt hands the dict's other keys to the MCP SDK's `streamablehttp_client` as
keyword arguments, so an `httpx.Auth` there reaches the SDK's HTTP client: the SDK's `OAuthClientProvider`,
tokens kept in memory; the person at the browser is this script, which opens the authorization URL and reads the
code off the redirect.
"""

import os
import sys
import time
from typing import Any

from mcp import StdioServerParameters
from smolagents import MCPClient

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def server() -> Any:
    """What `MCPClient` is given for the probe on the command line (the agent script connects the same way)."""
    if sys.argv[1] == "stdio":
        return StdioServerParameters(command=sys.argv[2], args=sys.argv[3:])
    if sys.argv[1] == "http" and os.environ.get("CANIMCP_AUTH") == "1":
        from sdk_oauth import signing_in  # beside this script (the recipe's script_helpers)

        auth = signing_in(sys.argv[2], "canimcp-harness-smolagents")
        return {"url": sys.argv[2], "transport": "streamable-http", "auth": auth}
    return {"url": sys.argv[2], "transport": "sse" if sys.argv[1] == "sse" else "streamable-http"}


def main() -> None:
    with MCPClient(server()) as tools:
        tool = next((t for t in tools if t.name == "run_scenarios"), None)
        for _ in range(4 if tool is not None else 0):  # one round each for roots, sampling and elicitation at most
            try:
                tool()
                break
            except Exception as exc:  # what it does with requests it cannot answer is on record
                print(f"run_scenarios: {exc}", file=sys.stderr)
        time.sleep(HOLD)


if __name__ == "__main__":  # the agent script imports its connection code
    main()
