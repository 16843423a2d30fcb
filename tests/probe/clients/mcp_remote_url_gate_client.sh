#!/bin/sh
# mcp-remote (npm `mcp-remote`) as the proxy between the Python SDK's URL-gate app (py_url_gate_client.py, which
# reads the elicitations of a -32042, waits for notifications/elicitation/complete and calls again) and a server over
# Streamable HTTP: the app spawns mcp-remote as its stdio server, and the probe sees mcp-remote. Do the error's data
# and the completion notice get through the proxy? (The app opens no page here: it speaks stdio to the proxy.)
# Usage: sh mcp_remote_url_gate_client.sh MCP_REMOTE_BIN URL   (URL: the probe's /mcp endpoint)
exec python "$(dirname "$0")/py_url_gate_client.py" stdio "$1" "$2" --transport http-only
