"""ADK-TS by IQ AI (npm `@iqai/adk`) and its `McpToolset`, driven by a few-line script.

Not Google's ADK for TypeScript (`google-adk-js`): a separate framework with a toolset of the same idea. The toolset
takes a `transport` of `mode: "stdio"` (a command) or `mode: "sse"` (a `serverUrl`); despite its name the latter makes
the official TypeScript SDK's Streamable HTTP transport, and there is no legacy SSE client, so only stdio and http are
run. The SDK is a dependency of ADK (1.32.2 in a default install). `langfuse` is an *optional* peer of ADK, which npm
leaves out, but 0.5.9's bundle (CommonJS and ESM alike) loads it at import for its Langfuse plugin, so a default
install cannot even import ADK ("Cannot find module 'langfuse'"): the recipe installs it beside ADK in the range the
peer allows, as a user who meets that error would. `node="22"`: 0.5.9 asks for Node 22 or newer. The
agent (`--agent`) is AgentBuilder's, asked one question: an OpenAI model string goes to ADK's `OpenAiLlm`, whose
`openai` client (a dependency of ADK) reads `OPENAI_BASE_URL` (the scripted model, Chat Completions) and
`OPENAI_API_KEY`; nothing beyond ADK is needed for it. No `--auth`: a server's configuration takes fixed headers only,
and no OAuth provider reaches the SDK's transport."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="iqai-adk",
    package="npm:@iqai/adk",
    bin="node",
    node="22",  # 0.5.9's engines field asks for Node >= 22
    script="iqai_adk_client.mjs",
    agent_script="iqai_adk_agent.mjs",  # `probe run --agent`: AgentBuilder on ADK's OpenAiLlm (Chat Completions)
    # an optional peer that npm leaves out, yet 0.5.9 imports it at load: without it `import "@iqai/adk"` fails
    extra_packages=("langfuse@^3.38.6",),
    # the clientInfo name is the `name` the app gives the toolset's configuration
    surfaces={"session": "mcp-toolset"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http"),  # `mode: "sse"` is Streamable HTTP; no legacy SSE client
    timeout=180,
)
