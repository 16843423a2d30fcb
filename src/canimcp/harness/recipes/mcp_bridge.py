"""MCP-Bridge (PyPI `mcp-bridge`, SecretiveShell's MCP-Bridge): a FastAPI app that connects to every MCP server named
in its config file while it starts (a stdio command, or a `url` it always reaches over the legacy HTTP+SSE
transport; it has no Streamable HTTP client) and offers their tools through an OpenAI-compatible
`/v1/chat/completions`: it adds the tools to each request, forwards it to its inference server, calls the tools the
model asks for and loops until the model stops. Its MCP session is a class of its own on the official Python SDK
1.x's `BaseSession`, named `MCP-Bridge`. That endpoint is how a server author's tools reach a chat app behind it, so
that surface is run.

It is driven the way its README shows: `mcp_bridge_app.py` writes `config.json` (the probe as its one server, the
scripted model as its inference server, loopback as its host) and starts `mcp-bridge`, the package's command for the
`run()` that the README's `uv run mcp_bridge/main.py` (from a clone) calls. Health mode is a start with
no request at all (what it declares and does on its own, its ping among it); session mode is one chat-completion
request from an app, on which the scripted model has it list and call the probe's tools.

Why the non-default choices:
- `python="3.13"`: the bridge needs `lmos-openai-types`, whose only release on PyPI (0.1.0) asks for Python 3.13 or
  newer (the bridge itself asks for 3.11; its repository's lock takes that package from git).
- `pins=("mcp<2",)`: a default install brings the SDK 2.x, and the bridge fails at import (`from mcp import McpError`,
  which 2.x no longer exports). Every derived statement names the pin.
- `transports=("stdio", "sse")`: a config entry is a command or a `url`, and a `url` goes to the SDK's `sse_client`.
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mcp-bridge",
    package="pypi:mcp-bridge",
    bin="python",
    python="3.13",  # lmos-openai-types, a requirement, has one PyPI release, for Python 3.13 and newer only
    script="mcp_bridge_app.py",
    script_helpers=("loopback_http.py",),
    pins=("mcp<2",),
    model="openai",  # the bridge's inference server: the scripted model's Chat Completions
    transports=("stdio", "sse"),  # a `url` entry is always the legacy HTTP+SSE transport
    modes={
        "health": (step("$bin $script health $transport $probe_target", timeout=90),),
        "session": (step("$bin $script session $transport $probe_target", timeout=240),),
    },
    timeout=300,
)
