"""The Claude Agent SDK for TypeScript (npm `@anthropic-ai/claude-agent-sdk`), Anthropic's library for building agents
on Claude Code. It is not an MCP client of its own: `query()` spawns the Claude Code executable that its per-platform
package ships (`@anthropic-ai/claude-agent-sdk-linux-x64`, an optional dependency a default install brings; 0.3.337
carries Claude Code 2.1.337) in its stream-json mode, hands it the app's `mcpServers` as `--mcp-config`, and talks to
it over a control channel. So the client the probe meets is that executable, started the SDK's way.

Driven by `claude_agent_sdk_client.mjs`, an app written as the SDK's MCP guide shows (`mcpServers` and the guide's
`mcp__probe__*` wildcard in `allowedTools`, nothing else), on the scripted model as its Anthropic API:
ANTHROPIC_BASE_URL and a dummy ANTHROPIC_API_KEY, as `claude-code`'s recipe runs `claude -p`. The SDK always runs a
model, so its one mode is a session on the scripted model, with no separate `--agent` script.

No `auth`: the SDK has no way to start an MCP OAuth sign-in (a server that answers 401 is left at `needs-auth`).

One setting is not a default, and is the one `claude-code`'s recipe sets too: ENABLE_TOOL_SEARCH=false. By default the
executable offers MCP tools to the model only through its ToolSearch tool (in a trial the first request offered
ToolSearch and a `DeferredToolPlaceholder`, no probe tool), a listing the scripted model does not load tools from, so
its turn ended at once with no call. The MCP side (what is connected, declared and answered) is the same either way.

Transports: stdio, Streamable HTTP (`type: "http"`) and the legacy SSE (`type: "sse"`), the three config types the SDK's
`McpServerConfig` names beside in-process `sdk` servers (which the probe cannot be).
"""

from ..recipe import Recipe, step

# the environment the SDK passes on to the Claude Code executable it starts: the scripted model as its Anthropic API,
# and the probe's tools offered as tools (else they sit behind ToolSearch, see the docstring)
EXECUTABLE_ENV = {"ANTHROPIC_API_KEY": "dummy", "ANTHROPIC_BASE_URL": "$model_url", "ENABLE_TOOL_SEARCH": "false"}

RECIPE = Recipe(
    id="claude-agent-sdk",
    package="npm:@anthropic-ai/claude-agent-sdk",
    bin="node",
    script="claude_agent_sdk_client.mjs",
    transports=("stdio", "http", "sse"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90, may_fail=True, **EXECUTABLE_ENV),)},
    model="anthropic",
)
