"""The GitHub Copilot SDK for Node.js/TypeScript (npm `@github/copilot-sdk`), GitHub's library for apps that drive the
Copilot CLI runtime over JSON-RPC. It is not an MCP client of its own: `CopilotClient.start()` copies the runtime of
its platform package (`@github/copilot-sdk-linux-x64`, an optional dependency a default install brings; 1.0.14 carries
Copilot CLI 1.0.85, its package.json's `copilotCliVersion`) under ~/.cache and spawns it headless on stdio, and the
session config's `mcpServers` go to that runtime. So the client the probe meets is the Copilot CLI runtime, started
the SDK's way (no `copilot` command, no `@github/copilot` package).

Driven by `copilot_sdk_client.mjs`, an app written as the SDK's README shows a session (`createSession()` with
`onPermissionRequest: approveAll`, `send()`, wait for `session.idle`), with the probe in `mcpServers`: a command
(stdio), `type: "http"` or `type: "sse"`, the three kinds the SDK's `MCPServerConfig` names. The model is the scripted
one as the README's bring-your-own-key `provider` (OpenAI-compatible, at `$CANIMCP_MODEL_URL/v1`, a placeholder key).
The SDK always runs a model, so its one mode is a session, with no separate `--agent` script.

No GitHub sign-in, and none of the CLI recipe's environment: the session's `provider`, and the client option
`useLoggedInUser: false` (default true; it starts the runtime with `--no-auto-login`), the one option the app adds to
the README's Quick Start. COPILOT_OFFLINE, which the CLI recipe sets, is not needed for that and is left unset, as an
SDK app would; the sandbox has no route out anyway.

No `auth`: the runtime hands an MCP server's OAuth need to the app (an `mcp.oauth_required` event), which the README's
app does not answer.
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="copilot-sdk",
    package="npm:@github/copilot-sdk",
    bin="node",
    script="copilot_sdk_client.mjs",
    transports=("stdio", "http", "sse"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120, may_fail=True),)},
    model="openai",
    timeout=180,  # the first start copies the ~100 MB runtime into the fresh HOME's cache
)
