"""Google's Gen AI SDK for JavaScript (npm `@google/genai`) and its `mcpToTool`, which gives a model the tools of an
MCP client the app connected, driven by a few-line script on the scripted model (as the Gemini API). The MCP client
is the official TypeScript SDK's."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="google-genai",
    package="npm:@google/genai",
    bin="node",
    script="google_genai_client.mjs",
    # an optional peer of the Gen AI SDK, which npm leaves out: the app installs it to import its client (as the
    # README's example does), in the range the peer allows
    extra_packages=("@modelcontextprotocol/sdk@^1.25.2",),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http", "sse"),  # the app picks the TypeScript SDK's transport
    script_helpers=("oauth_memory.mjs",),  # the sign-in of a run with --auth
    auth=True,  # the app's TypeScript SDK client signs in with the SDK's OAuthClientProvider
    model="gemini",
)
