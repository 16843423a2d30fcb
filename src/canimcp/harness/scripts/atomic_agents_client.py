"""A plain client on Atomic Agents' MCP tool factory (`atomic_agents.lib.factories.mcp_tool_factory`), as the 1.x
MCP example of its repository drives it: `fetch_mcp_tools` turns each tool the server lists into a `BaseTool` class
whose `run` calls it.

python atomic_agents_client.py stdio CMD ARGS...   |   python atomic_agents_client.py sse URL
Release 1.x knows two transports. Over stdio the example's app opens one `ClientSession` of the MCP SDK on an event
loop of its own, initializes it and hands it, with that loop, to `fetch_mcp_tools` (`client_session`, `event_loop`),
which lists the tools on it and binds every tool class to it. Over SSE the factory is given the server's base URL
(`use_stdio=False`; it appends `/sse` itself, so the script strips the probe's `/sse`) and opens a connection of its
own to list the tools and another for every call. The script calls the probe's `run_scenarios` through its tool
class until a result reads as done (at most four times), then holds the stdio session open for
CANIMCP_HOLD_SECONDS (running its loop, so that it answers the server) and leaves; an SSE run holds nothing open.
No agent run: that would need a model (atomic_agents_agent.py is the agent).
"""

import asyncio
import os
import shlex
import sys
from contextlib import AsyncExitStack
from typing import Any

from atomic_agents.lib.factories.mcp_tool_factory import fetch_mcp_tools
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from scenario_calls import DONE, ROUNDS  # shipped beside this script

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


class Connection:
    """The tool classes of the probe, and for stdio the app's own session and loop that they are bound to."""

    def __init__(self, kind: str, target: list[str]) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stack: AsyncExitStack | None = None
        if kind == "stdio":
            self.loop = asyncio.new_event_loop()
            session = self.loop.run_until_complete(self._open(target))
            self.tools = fetch_mcp_tools(None, use_stdio=True, client_session=session, event_loop=self.loop)
        else:
            base = target[0].removesuffix("/").removesuffix("/sse")
            self.tools = fetch_mcp_tools(base, use_stdio=False)

    async def _open(self, target: list[str]) -> ClientSession:
        self.stack = AsyncExitStack()
        command = shlex.join(target)  # the example keeps the server's command as one string
        parts = shlex.split(command)
        params = StdioServerParameters(command=parts[0], args=parts[1:], env=None)
        read, write = await self.stack.enter_async_context(stdio_client(params))
        session = await self.stack.enter_async_context(ClientSession(read, write))
        await session.initialize()
        return session

    def tool(self, name: str) -> Any:
        return next((tool for tool in self.tools if tool.mcp_tool_name == name), None)

    def hold_and_close(self) -> None:
        if self.loop is None or self.stack is None:
            return
        self.loop.run_until_complete(asyncio.sleep(HOLD))
        try:  # as in the example: closed in another run of the loop than the one that opened it, which anyio refuses
            self.loop.run_until_complete(self.stack.aclose())
        except RuntimeError as exc:
            print(f"closing: {exc}", file=sys.stderr)
        self.loop.close()


def call_until_done(tool: Any) -> None:
    """Run the tool class as an agent of the example runs it, until its result reads as done."""
    for _ in range(ROUNDS):
        output = tool().run(tool.input_schema(tool_name=tool.mcp_tool_name))
        result = str(output.result)
        print(result[:300], file=sys.stderr)
        if DONE in result:
            return


def main() -> None:
    connection = Connection(sys.argv[1], sys.argv[2:])
    print("tools:", [tool.mcp_tool_name for tool in connection.tools], file=sys.stderr)
    scenarios = connection.tool("run_scenarios")
    try:
        if scenarios is not None:
            call_until_done(scenarios)
    finally:
        connection.hold_and_close()


if __name__ == "__main__":
    main()
