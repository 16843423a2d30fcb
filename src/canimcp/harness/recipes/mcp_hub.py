"""MCP Hub (npm `mcp-hub`, ravitemer's hub): a long-running process that connects to every MCP server named in its
config file (stdio commands, or URLs it reaches over Streamable HTTP with a fallback to the legacy HTTP+SSE transport)
and offers them again through one endpoint, `/mcp` (the server's tools, resources and prompts, renamed
`<server>__<name>`), and through a REST API (`/api/servers`, `/api/servers/tools`, ...), the interface its Neovim
plugin uses. Its MCP client is the TypeScript SDK 1.x, bundled into its one `dist/cli.js`.

It is driven the way its README shows: `mcp_hub_app.mjs` writes a config file with the probe as its one server
(`probe`: a command, or a URL), starts `mcp-hub --port 37373 --config mcp-hub.json`, waits for `/api/health` to say
"ready", then uses both interfaces as a consumer would: the REST API (list servers, call a tool, read a resource, get a
prompt) and the unified endpoint with an app on the official TypeScript SDK that names itself and declares roots,
sampling and elicitation (so the runs show whether any of that reaches the probe through the hub), calls the probe's
tools (run_scenarios until done), and holds the connection while the probe changes its lists. The probe sees only
the hub's upstream connection.

Why the unusual choices:
- `extra_packages`: `@modelcontextprotocol/sdk`, the app in front of the hub (the hub bundles its own copy of the SDK
  and does not load this one).
- Binding: the hub calls `listen(port)` with no host, so it listens on every address; it cannot be held to loopback
  from its options. It runs only inside the harness sandbox (a network namespace with loopback alone).
- `sse`: the hub has no transport key; for a URL it tries Streamable HTTP first and falls back to HTTP+SSE when that
  fails, so an sse run names the probe's `/sse` URL, where the Streamable HTTP attempt fails.
- `auth=True`: for an OAuth-protected URL the hub registers itself, keeps the authorization URL and marks the server
  "unauthorized"; a consumer then asks it to open that URL (`POST /api/servers/authorize`), which it hands to the
  system's opener (xdg-open, here the harness's browser), and the hub completes the code exchange at its own
  `/api/oauth/callback`. The script does exactly that when CANIMCP_AUTH=1.
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mcp-hub",
    package="npm:mcp-hub",
    bin="node",
    script="mcp_hub_app.mjs",
    extra_packages=("@modelcontextprotocol/sdk",),
    transports=("stdio", "http", "sse"),  # sse: a URL where Streamable HTTP fails, the hub's fallback
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    timeout=200,
    auth=True,
)
