"""What the two scripts of the official Python SDK do once connected (python_sdk_client.py on the 2.x `Client`,
python_sdk_client_1x.py on a 1.x `ClientSession`: both have these methods), copied beside them by the harness.

It lists tools, resources and prompts, calls the probe's tools of one era where listed (late_calls.py), then
`dropped_stream` and `run_scenarios` (called again while it fails, at most four times), and holds the connection for
CANIMCP_HOLD_SECONDS so the probe can send its requests. What the SDK does with a call it cannot make is part of the
record, so a failure is printed and the script goes on.
"""

import asyncio
import os
import sys
from typing import Any

from late_calls import call_late

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


async def make_calls(client: Any) -> None:
    tools = await client.list_tools()
    for call in (client.list_resources, client.list_prompts):
        try:
            await call()
        except Exception as exc:  # a server may not offer them; keep going
            print(f"{call.__name__}: {exc}", file=sys.stderr)
    listed = {tool.name for tool in tools.tools}
    await call_late(client.call_tool, listed)  # the tools of one era (late_calls.py, copied beside this module)
    if "dropped_stream" in listed:
        try:
            await client.call_tool("dropped_stream", {})
        except Exception as exc:
            print(f"dropped_stream: {exc}", file=sys.stderr)
    if "run_scenarios" in listed:
        for _ in range(4):  # at most one round each for roots, sampling and elicitation, then it completes
            try:
                await client.call_tool("run_scenarios", {})
                break
            except Exception as exc:  # what the SDK does with input requests it cannot answer is part of the record
                print(f"run_scenarios: {exc}", file=sys.stderr)
    await asyncio.sleep(HOLD)
