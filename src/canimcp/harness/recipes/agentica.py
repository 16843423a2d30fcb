"""Agentica by Wrtn Technologies (npm `@agentica/core`) and its MCP controller, driven by a few-line script. Agentica
opens no MCP connection itself: the app builds a `Client` of the official TypeScript SDK, connects it on one of the
SDK's transports and hands it to `assertMcpController`, which lists the tools (one `tools/list`) and turns them into
function-calling schemas; a function the model calls goes to the same client's `callTool`, and only the result's
`content` is kept. The plain script (`agentica_client.mjs`) does that much with no model; the agent (`--agent`,
`agentica_agent.mjs`) is `MicroAgentica` on an OpenAI client whose baseURL is the scripted model (Chat Completions).

Why `MicroAgentica` and not `Agentica`: the larger agent first has the model choose functions by name through its own
`selectFunctions` tool and offers an MCP tool only after that, an answer the scripted model does not give; the smaller
one, which the guides show for a few functions, offers every function at once. A `conversate()` is one round of calls,
so the agent script repeats the user message until a round calls nothing.

Both scripts pass `model: "chatgpt"` as the MCP guide of the 0.31.3 release does (a required prop in 0.31.3; later
guides on the main branch drop it). The guide's SSE example writes `SseClientTransport({ url })`; the SDK's class is
`SSEClientTransport`, given a `URL`, which the scripts use.

`extra_packages`: the SDK is an optional peer dependency of `@agentica/core`, which npm leaves out; the MCP guide has
the app install it, here in the peer range (^1.12.0, 1.32.2 in a default install). `openai` (^5.2.0) is a required
peer, which npm installs. Transports: the guide shows the SDK's stdio and SSE transports; Streamable HTTP is the SDK's
transport handed in the same way. No `--auth`: Agentica has no sign-in (an `authProvider` on the app's own SDK
transport would be the SDK's)."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="agentica",
    package="npm:@agentica/core",
    bin="node",
    extra_packages=("@modelcontextprotocol/sdk@^1.12.0",),  # an optional peer npm leaves out; the guide installs it
    script="agentica_client.mjs",
    agent_script="agentica_agent.mjs",  # `probe run --agent`: MicroAgentica on the openai peer (Chat Completions)
    # the clientInfo name is whatever the app names its SDK Client ("probe" here); nothing says Agentica
    surfaces={"session": "mcp-controller"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),  # the app picks the SDK transport; the guide shows stdio and SSE
)
