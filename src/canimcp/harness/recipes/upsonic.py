"""Upsonic (PyPI `upsonic`, an agent framework) and its `MCPHandler`, driven by a few-line script.

The handler keeps the MCP SDK in the package's `mcp` extra, which its documentation installs. That extra asks for any
`mcp` from 1.26.0, but the handler is written for the SDK 1.x: beside the newest SDK, which a default install
chooses, it hands `ClientSession` its read timeout as a `timedelta` where 2.x takes seconds, and every connection
fails right after `initialize` ("unsupported operand type(s) for +: 'float' and 'datetime.timedelta'"), so no tool is
ever listed. The recipe pins `mcp<2` (1.30.0, and fastmcp 3.x with it), so the runs show what Upsonic does where it
works. The script hands the handler to Upsonic's own tool manager, as an Agent does with a Task's tools: the tools
are listed on a connection of their own, and calls go through the framework's retrying wrapper."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="upsonic",
    package="pypi:upsonic",
    bin="python",
    script="upsonic_client.py",
    agent_script="upsonic_agent.py",  # `probe run --agent`: Agent on its OpenAIChatModel (Chat Completions)
    extra_packages=("upsonic[mcp]==$version",),  # the extra brings the MCP SDK (and fastmcp)
    pins=("mcp<2",),
    script_helpers=("scenario_calls.py", "late_calls.py"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http", "sse"),  # MCPHandler(url=..., transport="sse")
)
