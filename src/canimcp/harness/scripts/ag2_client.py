"""A plain client on AG2's `MCPToolkit` (`ag2.tools`), as its MCP page shows it: one server, defaults only.

python ag2_client.py stdio CMD ARGS...   |   python ag2_client.py http URL
`MCPToolkit(MCPStdioServerConfig(command=..., args=[...]))` launches a stdio server; `MCPToolkit(URL)` (the page's
quick start, an `MCPServerConfig` with that URL) reaches one over Streamable HTTP, AG2's only HTTP transport. The
config's `protocol_mode` stays at its default, "legacy" (the `initialize` handshake), and its answer policy at its
default, which hands the server nothing. What an agent does with the toolkit, the script does by hand: the
toolkit's `schemas` discovers the tools (one short-lived connection), and each call goes through the tool the
toolkit made for it (a connection of its own per call), with a plain conversation context. It calls the probe's
`run_scenarios` until a result reads as done (at most four calls), then the probe's tools of one era, prints what
each call gives back (the result's text, or the error the agent would be told) and waits a few seconds, as the
sibling scripts do. No model: ag2_agent.py runs an agent.
"""

import asyncio
import json
import os
import sys
from typing import Any

from ag2.context import ConversationContext
from ag2.events import ToolCallEvent, ToolErrorEvent
from ag2.stream import MemoryStream
from ag2.tools import MCPStdioServerConfig, MCPToolkit
from late_calls import call_late  # beside this script (the recipe's script_helpers)
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def probe_toolkit() -> MCPToolkit:
    """The probe as an AG2 app names one server (the agent script connects the same way)."""
    if sys.argv[1] == "stdio":
        return MCPToolkit(MCPStdioServerConfig(command=sys.argv[2], args=sys.argv[3:]))
    return MCPToolkit(sys.argv[2])


async def main() -> None:
    toolkit = probe_toolkit()
    context = ConversationContext(stream=MemoryStream())
    await toolkit.schemas(context)  # discovery: what an agent does before its first model request
    tools = {tool.name: tool for tool in toolkit.tools}

    async def call(name: str, arguments: dict[str, Any]) -> Any:
        outcome: Any = await tools[name](ToolCallEvent(name, arguments=json.dumps(arguments)), context)
        text = f"error: {outcome.error}" if isinstance(outcome, ToolErrorEvent) else str(outcome.result)
        print(f"{name}: {text[:300]}", file=sys.stderr)
        return text

    if "run_scenarios" in tools:
        await call_until_done(lambda: call("run_scenarios", {}))
    await call_late(call, set(tools))
    await asyncio.sleep(HOLD)


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
