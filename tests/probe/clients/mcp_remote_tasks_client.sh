#!/bin/sh
# mcp-remote (npm `mcp-remote`) as the proxy between the TypeScript SDK 1.x task app (ts_tool_task_client.cjs, which
# calls a task-only tool through `callToolStream`) and a server over Streamable HTTP: the app spawns mcp-remote as its
# stdio server, and the probe sees mcp-remote. Does the call's task metadata, then tasks/get and tasks/result, get
# through the proxy? Run with NODE_PATH pointing at node_modules holding @modelcontextprotocol/sdk 1.x.
# Usage: sh mcp_remote_tasks_client.sh MCP_REMOTE_BIN URL   (URL: the probe's /mcp endpoint)
exec node "$(dirname "$0")/ts_tool_task_client.cjs" "$1" "$2" --transport http-only
