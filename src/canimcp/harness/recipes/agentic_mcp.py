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

`agent_packages`: the adapter's 7.x line ended at 7.6.9 (no 8.x was published), while `@agentic/ai-sdk` went on to
8.x on `@agentic/core` 8.x; the agent takes `@agentic/ai-sdk` 7.6.9, which shares the adapter's `@agentic/core`
7.6.9, and the newest `ai` 4 and `@ai-sdk/openai` 1 (its peer asks for `ai` ^4.3.16)."""

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
