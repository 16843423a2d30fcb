"""mcp-use for TypeScript (npm `mcp-use` 1.x), the TypeScript edition of mcp-use (the Python one is the `mcp-use`
recipe): its `MCPClient`, given a config of servers (`command` and `args`, or a `url`), driven by a few-line script
as its README shows it, and (`--agent`) its `MCPAgent` on a LangChain.js `ChatOpenAI` (Chat Completions) pointed at
the scripted model. The client runs on the official TypeScript SDK (`@modelcontextprotocol/sdk`, pinned exactly by
the package) over stdio, Streamable HTTP (falling back to the legacy SSE transport when that fails) and, with
`transport: "sse"`, the legacy SSE transport alone.

`renamed`: with 2.0.0 (September 2026) the `mcp-use` package became a server framework and CLI only; its README names
`@mcp-use/client` and `@mcp-use/agent` as the new homes of the client and the agent, and the npm registry has neither
(both answer 404). So the client's newest release is 1.34.6, which the runs install (`mcp-use-js@1.34.6`), and a run
of a version from 2.0.0 on, or of `mcp-use-js` with no version, asks for `@mcp-use/client` and stops at the
registry. Should it appear there, the scripts would need its 2.x API (a client is connected with `connect(name)`,
and the agent comes from `@mcp-use/agent`).

The plain script imports `mcp-use/client` rather than the README's `mcp-use`: the root module loads the agent too,
which imports `langchain`, an optional peer a default install lacks. The agent's packages are the newest releases of
the two optional peers it needs (the versions the LangChain.js adapters' recipe uses). The package sends anonymized
telemetry by default (PostHog and Scarf; MCP_USE_ANONYMIZED_TELEMETRY=false turns it off): left on, as a user gets
it; in the sandbox each send fails at once, and the Scarf post gives up after 3 seconds at most. `--auth`: the HTTP
config's `authProvider` takes the package's own NodeOAuthClientProvider (`mcp-use/auth/node`), which opens the
authorization URL with xdg-open (the harness's browser) and listens on a loopback port for the code; the script gives
it a `clientUri` (left out, its registration fails outside a browser) and finishes the sign-in as mcp-use's CLI
does."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mcp-use-js",
    package="npm:mcp-use",
    bin="node",
    script="mcp_use_js_client.mjs",
    agent_script="mcp_use_js_agent.mjs",  # `probe run --agent`: MCPAgent on @langchain/openai's ChatOpenAI
    agent_packages=("langchain@1.5.14", "@langchain/openai@1.6.0"),
    # the clientInfo name, `mcp-use`, is the one the Python edition sends as well
    surfaces={"session": "client"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),  # a server's `transport: "sse"` picks the SDK's SSE transport
    auth=True,
    renamed=("2.0.0", "npm:@mcp-use/client"),
)
