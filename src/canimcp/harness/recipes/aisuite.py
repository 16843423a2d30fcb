"""aisuite (PyPI `aisuite`, Andrew Ng's unified client for LLM providers) and its MCP client (`aisuite.mcp`), driven
by a few-line script. The `mcp` extra brings the official Python SDK, which aisuite asks for below 2, and
nest-asyncio. aisuite's `MCPClient` is synchronous and has two transports, chosen by its arguments: stdio (`command`,
`args`) on the SDK's `ClientSession`, and HTTP (`server_url`), which does not use the SDK at all but POSTs JSON-RPC
itself with httpx. There is no legacy HTTP+SSE transport, no OAuth (only static `headers`) and no status command.

The plain script (`aisuite_client.py`) is the explicit `MCPClient` its README points to for reusable connections. With
`--agent` the script is the README's own example: an MCP config dict in `tools` of `chat.completions.create` with
`max_turns`, aisuite's tool loop, on its OpenAI provider (the `openai` extra) at the scripted model."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="aisuite",
    package="pypi:aisuite",
    bin="python",
    script="aisuite_client.py",
    agent_script="aisuite_agent.py",  # `probe run --agent`: chat.completions.create(tools=[mcp config], max_turns=40)
    extra_packages=("aisuite[mcp]==$version",),
    agent_packages=("aisuite[mcp,openai]==$version",),
    script_helpers=("late_calls.py",),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http"),  # MCPClient(command=...) or MCPClient(server_url=...); no SSE client
)
