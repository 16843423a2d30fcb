"""Agentic's MCP adapter (npm `@agentic/mcp`, from Travis Fischer's Agentic AI stdlib): `createMcpTools` connects a
client of the official TypeScript SDK (`@modelcontextprotocol/sdk`, 1.32.2 in a default install) to one server and
turns its tools into Agentic functions, which the stdlib's adapters hand to the Vercel AI SDK, LangChain, LlamaIndex,
Genkit and others. The plain script (`agentic_mcp_client.mjs`) connects with the adapter's defaults and calls the
probe's tools through those functions; the agent (`--agent`, `agentic_mcp_agent.mjs`) is the adapter's documented
example: `createAISDKTools` of `@agentic/ai-sdk` and `generateText` of `ai` on `@ai-sdk/openai` (Chat Completions) at
the scripted model.

Transports: `serverProcess` is the SDK's stdio transport and `serverUrl` its legacy SSE transport (the adapter's only
URL option); Streamable HTTP is reached only through the `transport` option, a transport the app makes itself, which
the scripts fill with the SDK's `StreamableHTTPClientTransport` on the probe's URL. There is no sign-in of the
adapter's own (an app could give its own SDK transport an `authProvider`, which is the SDK's doing), so no `--auth`.

`agent_packages`: 7.6.9 is the highest `@agentic/mcp` version (no 8.x was published; the registry dates it
2026-03-25, before 7.6.4's 2026-05-07, so only the version numbers order them), while `@agentic/ai-sdk` has an 8.x
(8.4.4, its `latest`) on `@agentic/core` 8.x; the agent takes `@agentic/ai-sdk` 7.6.9, which depends on the same
`@agentic/core` 7.6.9 as the adapter. Its peer range `ai` ^4.3.16 allows nothing above 4.3.19, the highest `ai` 4
(what npm would install for that peer anyway), and `@ai-sdk/openai` 1.3.24 is the highest 1.x, the line on the
provider API `ai` 4 uses. Unpinned, npm would take the `latest` tags instead: `@agentic/ai-sdk` 8.4.4 (another
`@agentic/core`), `ai` 7 (outside the peer range) and `@ai-sdk/openai` 4."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="agentic-mcp",
    package="npm:@agentic/mcp",
    bin="node",
    script="agentic_mcp_client.mjs",
    agent_script="agentic_mcp_agent.mjs",  # `probe run --agent`: createAISDKTools + generateText on @ai-sdk/openai
    agent_packages=("@agentic/ai-sdk@7.6.9", "ai@4.3.19", "@ai-sdk/openai@1.3.24"),
    # the clientInfo name is the `name` the app gives createMcpTools (also the tools' prefix): "probe" here
    surfaces={"session": "mcp-tools"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    # serverProcess; the SDK's StreamableHTTPClientTransport handed in as `transport`; serverUrl (always SSE)
    transports=("stdio", "http", "sse"),
)
