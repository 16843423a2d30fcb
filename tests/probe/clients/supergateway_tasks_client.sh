#!/bin/sh
# supergateway (npm `supergateway`) in its remote-to-stdio direction as the bridge between the TypeScript SDK 1.x task
# app (ts_tool_task_client.cjs, which calls a task-only tool through `callToolStream`) and a server over Streamable
# HTTP: the app spawns `supergateway --streamableHttp URL` as its stdio server, and the probe sees supergateway's
# upstream session, under the app's clientInfo (supergateway passes it on unchanged). Does the call's task metadata,
# then tasks/get and tasks/result, get through the bridge? Run with NODE_PATH pointing at node_modules holding
# @modelcontextprotocol/sdk 1.x (supergateway 4.0.0's own install has 1.30.0 beside it).
# Usage: sh supergateway_tasks_client.sh SUPERGATEWAY_BIN URL   (URL: the probe's /mcp endpoint)
exec node "$(dirname "$0")/ts_tool_task_client.cjs" "$1" --streamableHttp "$2"
