"""ElizaOS's MCP plugin (npm `@elizaos/plugin-mcp`): a plugin for an ElizaOS agent (an `AgentRuntime` of
`@elizaos/core`) that connects the MCP servers named in the character's `settings.mcp.servers` when the runtime
starts its `McpService`, and turns each server tool into an agent action (`PROBE_RUN_SCENARIOS`, ...), with one
action of its own, `READ_MCP_RESOURCE`, for resources. Its client is the official TypeScript SDK's 1.x `Client`.

The plain script (`elizaos_plugin_mcp_client.mjs`) starts a runtime with a character written as the plugin's README
shows one (the probe as its one server), the plugin and `@elizaos/plugin-sql`, without which the runtime refuses to
start, and then calls the probe's tools and reads a resource through the plugin's service, as its actions do.
Transports: a server entry's `type` is `stdio`, `http` / `streamable-http` (the SDK's Streamable HTTP transport) or
`sse` (its legacy SSE transport), so all three are run. No sign-in: an HTTP entry takes fixed `headers` only, so there
is no `--auth` run. No agent script yet: ElizaOS asks its model (through `@elizaos/plugin-openai`, the Responses API)
for an XML answer that names actions (`<actions>`, or one `<action>` with JSON `<parameters>` in its multi-step mode)
instead of tool calls, a shape the scripted model does not write.

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
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="elizaos-plugin-mcp",
    package="npm:@elizaos/plugin-mcp",
    bin="node",
    script="elizaos_plugin_mcp_client.mjs",
    # @elizaos/core is a peer of any version; its newest stable release (1.7.2) lacks an export the plugin imports
    extra_packages=("@elizaos/core@1.7.3-alpha.4", "@elizaos/plugin-sql@1.7.3-alpha.4"),
    # the clientInfo is a constant ("ElizaOS" 1.0.0) that names neither the plugin nor its service
    surfaces={"session": "mcp-service"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http", "sse"),  # `type: "sse"` in a server entry: the SDK's SSEClientTransport
    timeout=180,
)
