"""The Claude Agent SDK for Python (PyPI `claude-agent-sdk`), Anthropic's Python library for agents built on Claude
Code. Like its TypeScript sibling (`claude-agent-sdk`) it has no MCP client of its own: `query()` starts the Claude Code
executable that the platform wheel bundles (`claude_agent_sdk/_bundled/claude`; 0.2.190 carries Claude Code 2.1.337,
byte for byte the executable of the TypeScript SDK 0.3.337's linux-x64 package), in its stream-json mode with the app's
`mcp_servers` on `--mcp-config`, and speaks a control protocol with it over the pipes. The client a server meets is
that executable; the Python layer decides what the executable is allowed to ask the app (its control requests) and
when its input is closed. A default `pip install claude-agent-sdk` on Linux x86-64 takes the manylinux wheel with the
executable in it, so nothing comes from outside the registries; only the sdist has no executable, and then the SDK
looks for `claude` on PATH and in npm's usual places (its error names `npm install -g @anthropic-ai/claude-code`).

Driven by `claude_agent_sdk_python_client.py`, an app written as the SDK's MCP guide shows it in Python
(`ClaudeAgentOptions(mcp_servers=..., allowed_tools=["mcp__probe__*"])`, nothing else), on the scripted model as its
Anthropic API: ANTHROPIC_BASE_URL and a dummy ANTHROPIC_API_KEY in the environment, which the SDK hands on to the
executable. The SDK always runs a model, so its one mode is a session on the scripted model, with no separate `--agent`
script.

No `auth`: the SDK has no call that signs in to an MCP server (its client offers status, reconnect and enable/disable
only); a server that answers 401 is reported with the status `needs-auth` and the run goes on without it.

One setting is not a default: ENABLE_TOOL_SEARCH=false, as in the `claude-code` and `claude-agent-sdk` recipes. By
default the executable offers MCP tools to the model only through its ToolSearch tool: in a trial of this app without
it, the model's one request offered ToolSearch and a `DeferredToolPlaceholder` and no probe tool, and the scripted
model, which does not search, ended the turn with no call. What is connected, declared and answered over MCP does not
depend on it; only what the model gets to call does.

Transports: stdio, Streamable HTTP (`"type": "http"`) and legacy SSE (`"type": "sse"`), the three external server types
of the SDK's `McpServerConfig`; its fourth, `"type": "sdk"`, is a server object living in the app's own process, which
the probe cannot be.
"""

from ..recipe import Recipe, step
from .claude_agent_sdk import EXECUTABLE_ENV  # the same executable, started the same way

RECIPE = Recipe(
    id="claude-agent-sdk-python",
    package="pypi:claude-agent-sdk",
    bin="python",
    script="claude_agent_sdk_python_client.py",
    transports=("stdio", "http", "sse"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90, may_fail=True, **EXECUTABLE_ENV),)},
    model="anthropic",
)
