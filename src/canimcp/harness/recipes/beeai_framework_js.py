"""BeeAI Framework for TypeScript (npm `beeai-framework`) and its `MCPTool`, driven by a few-line script. As the
framework's MCP example shows, the app makes and connects a client of the official TypeScript SDK and hands it to
`MCPTool.fromClient`, which lists the server's tools and calls them through that client.

Three non-defaults, all for the install. The TypeScript SDK is an optional peer that npm leaves out, so it is installed
beside the client in the range the peer allows. A plain `npm install beeai-framework` (README) stops with ERESOLVE (npm
11.19: the optional peer `@langchain/community` brings in `@getzep/zep-cloud` and through it `langchain` 0.3, which ask
for `@langchain/core` 0.3, where BeeAI's own optional peer asks for ^1.1), so npm is told `--legacy-peer-deps`, one of
the two ways its error suggests (with `--force`), which resolves no peers at all; the app needs none but the SDK. And
BeeAI imports `zod` without asking for it, with zod 3's API (`ZodEffects`; its repository builds with zod resolved to
^3.24.2, package.json `resolutions` at typescript_v0.1.30): that install alone has no zod (`ai` asks for it as a peer),
the SDK brings zod 4, and then nothing of BeeAI imports ("does not provide an export named 'ZodEffects'"), so the recipe
pins zod 3 (in the range `ai` and the SDK allow)."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="beeai-framework-js",
    package="npm:beeai-framework",
    bin="node",
    script="beeai_framework_js_client.mjs",
    script_helpers=("oauth_memory.mjs",),  # the sign-in of a run with --auth
    agent_script="beeai_framework_js_agent.mjs",  # `probe run --agent`: RequirementAgent on its OpenAI model (Chat)
    # an optional peer, which BeeAI's OpenAI chat model imports; and `uuid`, which RequirementAgent imports without
    # asking for it (the range its repository's lock picks)
    agent_packages=("@ai-sdk/openai@^3.0.26", "uuid@^11.1.0"),
    extra_packages=("@modelcontextprotocol/sdk@^1.18.2",),  # the optional peer the app imports its client from
    pins=("zod@^3.25.76",),  # BeeAI's code is written for zod 3, which it does not ask for
    npm_flags=("--legacy-peer-deps",),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http", "sse"),  # the app picks the TypeScript SDK's transport
    auth=True,  # the app's TypeScript SDK transport signs in with the SDK's OAuthClientProvider
)
