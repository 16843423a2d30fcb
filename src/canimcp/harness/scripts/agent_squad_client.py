"""A plain app on Agent Squad's MCP tool provider, as the provider's docstring shows it: one server, defaults only.

python agent_squad_client.py stdio CMD ARGS...   |   python agent_squad_client.py http|sse URL
`await MCPToolProvider.create([MCPServerConfig(...)])` connects every configured server before it returns
(`type="stdio"` with `command`/`args`, `type="streamable-http"` or `type="sse"` with `url`) and keeps each server's
tools for the agent's requests; `await provider.disconnect()` closes them. An agent is given the provider as
`tool_config={"tool": provider}`, describes the tools to its model with one of the provider's `to_*_format` methods
and hands each model answer with tool calls to `provider.tool_handler`. With no model here, the script does what an
agent does with the provider: it prints the tools as the Anthropic agent describes them (`to_claude_format`), then
calls the probe's tools through `tool_handler`, one call per answer, each answer written as Agent Squad's own
`ConversationMessage` with a `toolUse` block (the shape its Bedrock agent hands over, the one that needs no model
SDK), and prints the text that would go back to the model: `run_scenarios` until a result reads as done (at most four
calls), then the tools of late_calls.py that are listed, then `dropped_stream` where listed (its stream is cut over
HTTP: does the session resume it?). It stays connected for CANIMCP_HOLD_SECONDS so the probe can send its requests,
then disconnects. No agent run here: agent_squad_agent.py has a model.
"""

import asyncio
import itertools
import os
import sys
from typing import Any

from agent_squad.tools import MCPServerConfig, MCPToolProvider
from agent_squad.types import AgentProviderType, ConversationMessage, ParticipantRole
from late_calls import call_dropped_stream, call_late  # beside this script (the recipe's script_helpers)
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
_CALL_IDS = itertools.count(1)


def server() -> MCPServerConfig:
    """The probe as an Agent Squad app configures one MCP server (the agent script connects the same way)."""
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "stdio":
        return MCPServerConfig(type="stdio", command=target[0], args=target[1:])
    return MCPServerConfig(type="sse" if kind == "sse" else "streamable-http", url=target[0])


async def main() -> None:
    provider = await MCPToolProvider.create([server()])
    try:
        listed = {tool["name"]: tool for tool in provider.to_claude_format()}
        for name, tool in listed.items():
            print(f"listed {name}: {tool['description'][:80]!r}", file=sys.stderr)

        async def call(name: str, arguments: dict[str, Any]) -> str:
            answer = ConversationMessage(
                role=ParticipantRole.ASSISTANT.value,
                content=[{"toolUse": {"toolUseId": f"canimcp-{next(_CALL_IDS)}", "name": name, "input": arguments}}],
            )
            reply = await provider.tool_handler(AgentProviderType.BEDROCK.value, answer, [])
            seen = "\n".join(part["text"] for block in reply.content for part in block["toolResult"]["content"])
            print(f"{name}: {seen[:300]}", file=sys.stderr)
            return seen

        if "run_scenarios" in listed:
            await call_until_done(lambda: call("run_scenarios", {}))
        await call_late(call, set(listed))
        await call_dropped_stream(call, set(listed))
        await asyncio.sleep(HOLD)
    finally:
        await provider.disconnect()


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
