"""A plain app on Langflow's MCP Tools component (PyPI `lfx`), used as a flow uses it in tool mode: defaults only.

python langflow_client.py stdio CMD ARGS...   |   python langflow_client.py http|sse URL
The component's `mcp_server` value is a server name with its config, the shape a flow saves and that `lfx run` reads
when no Langflow database is there: `{"command", "args"}` (mode Stdio), `{"url"}` (mode Streamable_HTTP, which
falls back to the legacy transport only when the endpoint answers 400/404/405/406), or `{"url", "mode": "SSE"}` (the
legacy transport straight away). `to_toolkit()` is what an Agent component calls for a component in tool mode: it
connects through `lfx.base.mcp.util`'s pooled session manager (the official SDK's bare `ClientSession`), lists the
tools and wraps each as a LangChain `StructuredTool`.

Langflow starts a stdio server only through a fixed list of commands (`ALLOWED_MCP_COMMANDS` in
`lfx/base/mcp/security.py`: node, python, python3, npx, uvx, docker and three shells) and refuses any other before it
starts anything. The harness may start the probe as `.../python3.11`, which that list refuses, so the script names the
same interpreter by its `python3` or `python` link beside it, as a Langflow user would write `python`.

Each call goes through that tool as a LangChain tool call, the way Langflow's agent runs it, so what is printed to
stderr is the ToolMessage content its model would read (or the error the tool raised): `run_scenarios` until its
result reads as done (at most four times), then the tools of late_calls.py that are listed, then `dropped_stream`
where listed. The session stays open for CANIMCP_HOLD_SECONDS, then the component's clients disconnect.
"""

import asyncio
import os
import sys
from itertools import count
from pathlib import Path
from typing import Any

from late_calls import call_dropped_stream, call_late  # beside this script (the recipe's script_helpers)
from lfx.components.models_and_agents.mcp_component import MCPToolsComponent
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
CALL_IDS = count(1)


def allowed_command(command: str) -> str:
    """`command`, or the same interpreter under a name on Langflow's list of stdio commands."""
    path = Path(command)
    for name in ("python3", "python"):
        sibling = path.with_name(name)
        if path.name != name and sibling.exists() and sibling.resolve() == path.resolve():
            return str(sibling)
    return command


def server_config() -> dict[str, Any]:
    """The probe as the MCP Tools component's server config, for the transport asked for."""
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "stdio":
        return {"command": allowed_command(target[0]), "args": target[1:]}
    if kind == "sse":
        return {"url": target[0], "mode": "SSE"}
    return {"url": target[0]}


def component() -> MCPToolsComponent:
    """The MCP Tools component with the probe as its server, in tool mode as an agent's tools are."""
    return MCPToolsComponent(mcp_server={"name": "probe", "config": server_config()}, tool_mode=True)


async def main() -> None:
    mcp_tools = component()
    tools = {tool.name: tool for tool in await mcp_tools.to_toolkit()}
    print(f"listed: {sorted(tools)}", file=sys.stderr)

    async def call(name: str, arguments: dict[str, Any]) -> object:
        tool_call = {"type": "tool_call", "name": name, "args": arguments, "id": f"call_{next(CALL_IDS)}"}
        try:
            seen = (await tools[name].ainvoke(tool_call)).content  # the ToolMessage the agent's model gets
        except Exception as exc:  # the tool raises for a failed call (isError, or an MCP error)
            seen = f"raised {type(exc).__name__}: {exc}"
        print(f"{name}: {str(seen)[:300]}", file=sys.stderr)
        return seen

    try:
        if "run_scenarios" in tools:
            await call_until_done(lambda: call("run_scenarios", {}))
        await call_late(call, set(tools))
        await call_dropped_stream(call, set(tools))
        await asyncio.sleep(HOLD)
    finally:
        await mcp_tools.stdio_client.disconnect()
        await mcp_tools.streamable_http_client.disconnect()


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
