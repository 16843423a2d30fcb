"""mcp-client by punkpeye (npm `mcp-client`, Frank Fiegel of Glama, the author of the TypeScript `fastmcp` server
framework): one `MCPClient` class that wraps the official TypeScript SDK's `Client` with shorter method names
(`getAllTools`, `getResource`, ...), fetches every page of a list itself, and re-emits the server's log messages as
a `loggingMessage` event. It has no model and no agent, so there is no `agent_script`: the plain script
(`punkpeye_mcp_client_client.mjs`) is an app written the way the README shows the class, with its defaults
(`new MCPClient({ name, version })`, nothing else), calling every method the README lists.

Transports: `connect()` takes `type: "stdio"` (command and args), `type: "httpStream"` (the SDK's Streamable HTTP
client transport; also what a missing `type` picks) and `type: "sse"` (the SDK's legacy SSE client transport), so
all three are run. The class passes neither headers nor an auth provider to the HTTP transports, so it cannot sign
in to an OAuth-protected server: no `auth`.

The package asks for `@modelcontextprotocol/sdk` `^1.17.1`, so a default install brings the newest 1.x (1.32.2 on
2026-12-06); no pins are needed. The clientInfo is the app's (the constructor's first argument goes to the SDK's
`Client` as it is), and so are the capabilities (the second argument is the SDK's `ClientOptions`, none by
default)."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="punkpeye-mcp-client",
    package="npm:mcp-client",
    bin="node",
    script="punkpeye_mcp_client_client.mjs",
    # the clientInfo name is whatever the app passes to the constructor; the harness app calls itself
    # `canimcp-harness-mcp-client`
    surfaces={"session": "client"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),  # connect({ type: "stdio" | "httpStream" | "sse" })
)
