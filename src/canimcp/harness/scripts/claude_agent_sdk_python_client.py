"""An app on the Claude Agent SDK for Python (PyPI `claude-agent-sdk`) that gives its agent one MCP server, the way the
SDK's MCP guide writes it in Python: `query()` with `ClaudeAgentOptions(mcp_servers=..., allowed_tools=[...])`, the
server under a name of the app's choosing and the guide's `mcp__<name>__*` wildcard as the only allowed tools (without
it every MCP tool call waits for a permission that a one-shot app never gives). Every other option keeps its default:
no setting_sources, no permission_mode, no can_use_tool, no hooks, no in-process (`sdk`) servers.

python claude_agent_sdk_python_client.py stdio CMD ARGS...   |   python ... http|sse URL

The SDK is a Python layer around the Claude Code executable its wheel bundles: query() spawns that executable in its
stream-json mode with the servers on --mcp-config and speaks a control protocol with it over stdin and stdout; the MCP
client the probe meets is the executable. Its model is canimcp's scripted model as the Anthropic API, reached at
ANTHROPIC_BASE_URL with a dummy ANTHROPIC_API_KEY, which the recipe sets in the environment the SDK hands on to the
executable. The app prints one line per message it is given, so that a trial shows what reached the app: the init
message's server status and tools, each tool call and its result (with the `is_error` flag), and the final result.
"""

import asyncio
import json
import sys

from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    ResultMessage,
    SystemMessage,
    ToolResultBlock,
    ToolUseBlock,
    UserMessage,
    query,
)


def server(argv: list[str]) -> dict[str, object]:
    kind, target, *args = argv
    if kind == "stdio":
        return {"type": "stdio", "command": target, "args": args}
    return {"type": kind, "url": target}  # "http" (Streamable HTTP) or "sse", the SDK's own names


def text_of(content: object) -> str:
    return (content if isinstance(content, str) else json.dumps(content))[:300]


async def main() -> None:
    options = ClaudeAgentOptions(mcp_servers={"probe": server(sys.argv[1:])}, allowed_tools=["mcp__probe__*"])
    async for message in query(prompt="hi", options=options):
        if isinstance(message, SystemMessage) and message.subtype == "init":
            init = {key: message.data.get(key) for key in ("mcp_servers", "tools", "model")}
            print(json.dumps({"init": init}), flush=True)
        elif isinstance(message, AssistantMessage):
            for block in message.content:
                if isinstance(block, ToolUseBlock):
                    print(json.dumps({"tool_use": block.name, "input": block.input}), flush=True)
        elif isinstance(message, UserMessage) and isinstance(message.content, list):
            for block in message.content:
                if isinstance(block, ToolResultBlock):
                    print(json.dumps({"tool_result": text_of(block.content), "is_error": block.is_error}), flush=True)
        elif isinstance(message, ResultMessage):
            print(json.dumps({"result": message.subtype, "text": message.result, "turns": message.num_turns}))
        else:
            print(type(message).__name__, getattr(message, "subtype", ""), flush=True)


asyncio.run(main())
