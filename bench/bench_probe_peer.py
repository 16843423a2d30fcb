"""The peer for bench_probe.py: the official Python SDK's own Streamable HTTP server (`mcp` 2.x MCPServer with
one tool), served by uvicorn exactly as the probe is. Run by the benchmark, not by hand:

    python bench/bench_probe_peer.py PORT [--json]
"""

from __future__ import annotations

import sys

import uvicorn
from mcp.server.mcpserver import MCPServer

# its per-session INFO log lines would measure the terminal, not the server
server = MCPServer("bench-peer", log_level="WARNING")


@server.tool()
def echo(text: str) -> str:
    """Echo the text back."""
    return text


if __name__ == "__main__":
    port = int(sys.argv[1])
    app = server.streamable_http_app(json_response="--json" in sys.argv[2:])
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
