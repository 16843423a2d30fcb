"""AG2 (PyPI `ag2`; its releases up to 0.x were the AutoGen 0.2 line, imported as `autogen`) and its MCP client,
`MCPToolkit`, driven by a few-line script.

From 1.0 the package is a new framework imported as `ag2` (the classic `autogen` classes moved to `ag2-classic`),
and the MCP client is `ag2.tools.MCPToolkit`: a toolkit an `Agent` takes among its `tools`, given a URL (Streamable
HTTP, the only HTTP transport: there is no SSE config) or an `MCPStdioServerConfig`. It opens a short-lived
connection for each operation: one to list the tools when the agent first asks for them, and one per tool call.
A user installs `ag2[mcp]` (the extra brings the Python SDK 2.x; without it `MCPToolkit` is a stub that names the
extra), and `ag2[openai]` for an agent on OpenAI's API; the recipe installs exactly that, no pins.

The plain script discovers the tools and calls them through the tools the toolkit made, as an agent does; with
`--agent` the script is an `Agent` on AG2's `OpenAIConfig` (Chat Completions) with `base_url` at the scripted model."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="ag2",
    package="pypi:ag2",
    bin="python",
    script="ag2_client.py",
    agent_script="ag2_agent.py",  # `probe run --agent`: an Agent with the toolkit, on OpenAIConfig (Chat Completions)
    extra_packages=("ag2[mcp]==$version",),  # the MCP client's SDK is the `mcp` extra
    agent_packages=("ag2[openai]==$version",),  # the OpenAI client library behind OpenAIConfig
    script_helpers=("scenario_calls.py", "late_calls.py"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http"),  # MCPServerConfig is Streamable HTTP only
)
