"""A plain client on AutoGen's `McpWorkbench`, as its documentation shows it: defaults only.

python autogen_ext_client.py stdio CMD ARGS...   |   python autogen_ext_client.py http|sse URL
The server is given as `StdioServerParams`, `StreamableHttpServerParams`, or `SseServerParams` for the legacy
HTTP+SSE transport.
One workbench holds one session for its whole life (a background task serves every call from a queue); entering it
starts that task, leaving it closes the session. It lists tools, calls the probe's `run_scenarios` (again after each
failure, up to four times: the workbench reports a failure as a result with `is_error` instead of raising), stays
connected for a few seconds so the probe can send its requests, and leaves. No agent run: that would need a model.
With CANIMCP_CONFIGURED=1 the workbench gets a `model_client`, AutoGen's replay client with a canned answer, which
is what its sampling callback forwards to (0.7.x has no roots or elicitation to turn on); for runs made by hand.
"""

import asyncio
import os
import sys
from typing import Any

from autogen_ext.tools.mcp import McpWorkbench, SseServerParams, StdioServerParams, StreamableHttpServerParams

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def options() -> dict[str, Any]:
    if os.environ.get("CANIMCP_CONFIGURED") != "1":
        return {}
    from autogen_ext.models.replay import ReplayChatCompletionClient

    return {"model_client": ReplayChatCompletionClient(["A canned answer from AutoGen's replay client."] * 20)}


async def main() -> None:
    if sys.argv[1] == "stdio":
        params: Any = StdioServerParams(command=sys.argv[2], args=sys.argv[3:])
    elif sys.argv[1] == "sse":
        params = SseServerParams(url=sys.argv[2])
    else:
        params = StreamableHttpServerParams(url=sys.argv[2])
    async with McpWorkbench(server_params=params, **options()) as workbench:
        tools = await workbench.list_tools()
        if any(tool["name"] == "run_scenarios" for tool in tools):
            for _ in range(4):  # at most one round each for roots, sampling and elicitation, then it completes
                result = await workbench.call_tool("run_scenarios", {})
                if not result.is_error:
                    break
                print(f"run_scenarios: {result.to_text()}", file=sys.stderr)
        await asyncio.sleep(HOLD)


asyncio.run(main())
