"""ElizaOS's MCP plugin (npm `@elizaos/plugin-mcp`): a plugin for an ElizaOS agent (an `AgentRuntime` of
`@elizaos/core`) that connects the MCP servers named in the character's `settings.mcp.servers` when the runtime
starts its `McpService`, and turns each server tool into an agent action (`PROBE_RUN_SCENARIOS`, ...), with one
action of its own, `READ_MCP_RESOURCE`, for resources. Its client is the official TypeScript SDK's 1.x `Client`.

The plain script (`elizaos_plugin_mcp_client.mjs`) starts a runtime with a character written as the plugin's README
shows one (the probe as its one server), the plugin and `@elizaos/plugin-sql`, without which the runtime refuses to
start, and then calls the probe's tools and reads a resource through the plugin's service, as its actions do.
Transports: a server entry's `type` is `stdio`, `http` / `streamable-http` (the SDK's Streamable HTTP transport) or
`sse` (its legacy SSE transport), so all three are run. No sign-in: an HTTP entry takes fixed `headers` only, so there
is no `--auth` run.

The agent script (`elizaos_plugin_mcp_agent.mjs`, `probe run --agent`) sends one message to the same runtime with
`@elizaos/plugin-bootstrap` (the message pipeline's actions and providers, which ElizaOS's CLI adds to every
character) and `@elizaos/plugin-openai` pointed at the scripted model through its documented `OPENAI_BASE_URL`
setting (the AI SDK's OpenAI provider: the Responses API). ElizaOS asks its model for an XML answer that names
actions, never for tool calls (harness/eliza_actions.py). Its default single-step mode asks for `<actions>` only and
gives no action parameters, so an MCP tool is always called with `{}` (the plugin reads them from `actionParams`,
which only the multi-step mode sets): the character's settings turn on the multi-step mode (`USE_MULTI_STEP`, which
core's message service reads from the runtime's settings, off unless set), which asks for one `<action>` and its JSON
`<parameters>` per step, and allow 24 steps (`MAX_MULTISTEP_ITERATIONS`, 6 unless set: the scripted model needs ten,
and six end the run after `structured_result`, before any `report_nonce`).

Unusual choices:
- `extra_packages`: the plugin names `@elizaos/core` as a peer with any version (`*`), so npm installs the newest stable
  core, 1.7.2, and `import "@elizaos/plugin-mcp"` 1.8.2 then fails at once: the plugin imports `getRequestContext`,
  which 1.7.2 does not export (nor do 1.7.1, 1.7.0 or 1.6.5). The next version npm lists, the prerelease
  1.7.3-alpha.4, does, and it is installed beside the plugin with the `@elizaos/plugin-sql` of the same release
  (plugin-sql pins its core exactly; its PGlite database is embedded, in the working folder, so no PostgreSQL is
  needed).
- A deviation from the README: the script makes plugin-sql's adapter and runs its migrations before
  `runtime.initialize()`, because this core reads the `agents` table before it runs the plugins' migrations, which
  fails on a fresh database (ElizaOS's own server, `@elizaos/server`, runs plugin-sql's migrations at startup the same
  way).
- Two settings off their defaults, in the agent runs only: `USE_MULTI_STEP` on (without it no MCP tool gets
  arguments) and `MAX_MULTISTEP_ITERATIONS` 24 instead of 6 (see above). The default single-step mode is not run;
  what it gives the model is read from the packages.
- `agent_packages`: `@elizaos/plugin-bootstrap@1.7.3-alpha.4`, the release of the core installed here (it pins its
  core exactly), and `@elizaos/plugin-openai@1.6.0`, its newest stable release (its 2.x releases are alphas for
  ElizaOS 2). It asks for `@elizaos/core@^1.7.0`, which a prerelease core does not satisfy, so npm gives it a core 1.7.2
  of its own, which it uses for its logger and constants only.
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="elizaos-plugin-mcp",
    package="npm:@elizaos/plugin-mcp",
    bin="node",
    script="elizaos_plugin_mcp_client.mjs",
    # `probe run --agent`: ElizaOS's multi-step message pipeline on @elizaos/plugin-openai (see above)
    agent_script="elizaos_plugin_mcp_agent.mjs",
    agent_packages=("@elizaos/plugin-bootstrap@1.7.3-alpha.4", "@elizaos/plugin-openai@1.6.0"),
    # @elizaos/core is a peer of any version; its newest stable release (1.7.2) lacks an export the plugin imports
    extra_packages=("@elizaos/core@1.7.3-alpha.4", "@elizaos/plugin-sql@1.7.3-alpha.4"),
    # the clientInfo is a constant ("ElizaOS" 1.0.0) that names neither the plugin nor its service
    surfaces={"session": "mcp-service"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http", "sse"),  # `type: "sse"` in a server entry: the SDK's SSEClientTransport
    timeout=180,
)
