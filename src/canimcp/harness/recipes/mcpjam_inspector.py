"""MCPJam Inspector (npm `@mcpjam/inspector`), MCPJam's testing and debugging app for MCP servers: a web UI served by a
local Hono server (`inspector`, the bin `npx @mcpjam/inspector` runs), whose MCP client lives in that server. The
client is MCPJam's own `MCPClientManager` (its `sdk/` folder, bundled into `dist/server/index.js`) over the official
TypeScript SDK 1.x as npm resolves it (`^1.21.0`); `@mastra/mcp` is there only for the evals runner.

It is driven as its web UI drives it, with `mcpjam_inspector_app.mjs` in the place of the browser: the script starts
`inspector` on its default port (6274), waits for `/health`, and calls the same local HTTP API the UI's pages call:
the "Add server" dialog's `POST /api/mcp/connect` (the server named `probe`, the dialog's default request timeout of
10 s), the Tools tab (`/api/mcp/tools/list`, `/execute`, `/respond` for an elicitation raised inside a call), the
Resources and Prompts tabs, and the Chat tab: its elicitation stream and one turn of `POST /api/mcp/chat-v2` (the
LLM playground) on OpenAI's `gpt-4.1` with a placeholder key. The playground's OpenAI provider is the AI SDK's, which
reads OPENAI_BASE_URL, so `model="openai"` and the script point it at the scripted model (the Responses API, the
provider's default). No browser: every action of the UI that reaches the MCP client goes through this API.

Why the unusual choices:
- Binding: the server calls `serve({hostname: "0.0.0.0"})` whatever its options say (the banner prints 127.0.0.1;
  `--port` and `PORT` change only the port), so it listens on every address; it runs only inside the harness
  sandbox (a network namespace with loopback alone). At start it calls `Sentry.init` with MCPJam's DSN and tries to
  open the UI with the `open` package (xdg-open); its PostHog client is for the evals runner, its Convex backend for
  signed-in features: in the sandbox each of these fails without a route out.
- `sse`: the dialog has one HTTP type; the inspector's client picks the legacy transport for a URL whose path ends in
  `/sse` (else it tries Streamable HTTP with a 3 s limit and falls back to SSE), so an sse run adds the /sse URL.
- No `auth`: the OAuth sign-in runs in the browser page (the UI's own OAuth provider on the TypeScript SDK, tokens in
  localStorage, the callback an /oauth/callback route of the page), not in the local server, so it cannot be
  completed through the HTTP API without a real browser; the server's `/api/mcp/oauth` routes only proxy the
  page's metadata and token requests.
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mcpjam-inspector",
    package="npm:@mcpjam/inspector",
    bin="node",
    script="mcpjam_inspector_app.mjs",
    transports=("stdio", "http", "sse"),  # sse: the dialog's HTTP type with a URL ending in /sse
    modes={"session": (step("$bin $script $transport $probe_target", timeout=200),)},
    model="openai",
    timeout=260,
)
