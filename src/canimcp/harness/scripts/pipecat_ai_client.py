"""A plain client on Pipecat's `MCPClient`, used the way a Pipecat app uses it: defaults only.

python pipecat_ai_client.py stdio CMD ARGS...   |   python pipecat_ai_client.py http|sse URL
The server is named by the MCP SDK's own parameter types, as Pipecat's MCP page shows: `StdioServerParameters`
(a command and its arguments), `StreamableHttpParameters` or `SseServerParameters` (a URL). `MCPClient.tools()`
connects (one session, held by a task of the client's own) and lists the tools as a `ToolsSchema` whose function
schemas carry the client's call handler, which the LLM service registers when the context offers those tools. This
script calls that handler as the service does on a model's tool call: with `FunctionCallParams` naming the
function, its arguments and a result callback (the callback's argument is what the model would read). It calls
`run_scenarios` that way until a result reads as done (at most four calls), then the probe's tools of one era, then
`slow_task`, whose call it cancels after a second as the service does with a running call when the user interrupts
the bot; it stays connected for a few seconds so the probe can send its requests, and closes the client, as the
service does when the pipeline ends. No pipeline here: pipecat_ai_agent.py runs one on a model.
"""

import asyncio
import os
import sys
from collections.abc import Coroutine
from typing import Any

from late_calls import call_late  # beside this script (the recipe's script_helpers)
from mcp import StdioServerParameters
from mcp.client.session_group import SseServerParameters, StreamableHttpParameters
from pipecat.services.llm_service import FunctionCallParams
from pipecat.services.mcp_service import MCPClient
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def probe_client() -> MCPClient:
    """The probe as a Pipecat app names one server (the agent script connects the same way)."""
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "stdio":
        return MCPClient(server_params=StdioServerParameters(command=target[0], args=target[1:]))
    if kind == "sse":
        return MCPClient(server_params=SseServerParameters(url=target[0]))
    return MCPClient(server_params=StreamableHttpParameters(url=target[0]))


async def interrupted(handling: Coroutine[Any, Any, Any]) -> None:
    """A call cut short as the LLM service cuts one when the user interrupts the bot (`cancel_on_interruption`, on
    for every function it registers unless the app says otherwise): after a second its task is cancelled, and the
    service waits up to a second for it to end (`cancel_task`)."""
    task = asyncio.create_task(handling)
    await asyncio.sleep(1)
    task.cancel()
    try:
        await asyncio.wait_for(task, 1.0)
    except (asyncio.CancelledError, TimeoutError):
        print("slow_task: cancelled", file=sys.stderr)


async def main() -> None:
    client = probe_client()
    try:
        schemas = {schema.name: schema for schema in (await client.tools()).standard_tools}
        print(f"tools: {sorted(schemas)}", file=sys.stderr)
        counter = 0

        async def call(name: str, arguments: dict[str, Any]) -> Any:
            nonlocal counter
            counter += 1
            answers: list[Any] = []

            async def result_callback(result: Any, **_: Any) -> None:
                answers.append(result)

            handler = schemas[name].handler
            assert handler is not None
            params = FunctionCallParams(  # the fields the service fills in; no pipeline here
                function_name=name,
                tool_call_id=f"call_{counter}",
                arguments=arguments,
                llm=None,  # type: ignore[arg-type]
                pipeline_worker=None,  # type: ignore[arg-type]
                context=None,  # type: ignore[arg-type]
                result_callback=result_callback,
            )
            await handler(params)
            result = answers[0] if answers else None
            print(f"{name}: {str(result)[:300]}", file=sys.stderr)
            return result

        if "run_scenarios" in schemas:
            await call_until_done(lambda: call("run_scenarios", {}))
        await call_late(call, set(schemas))
        if "slow_task" in schemas:
            await interrupted(call("slow_task", {"seconds": 6}))
        await asyncio.sleep(HOLD)
    finally:
        await client.close()


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
