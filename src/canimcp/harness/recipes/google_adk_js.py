"""Google's Agent Development Kit for TypeScript (npm `@google/adk`) and its `MCPToolset`, driven by a few-line script.

The toolset takes `StdioConnectionParams` (a command) or `StreamableHTTPConnectionParams` (a URL); the TypeScript ADK
has no parameters for the legacy SSE transport (the Python ADK, the `google-adk` recipe, has), so only stdio and http
are run. Its MCP client is the official TypeScript SDK's, which ADK declares as an *optional* peer dependency
(`@modelcontextprotocol/sdk` ^1.26.0): npm leaves it out, and the toolset then fails with a message asking the user to
`npm install @modelcontextprotocol/sdk`. The recipe installs it beside ADK in the range the peer allows (1.32.2 in a
default install), as that message says. The agent (`--agent`) is an `LlmAgent` on a Gemini model string run by ADK's
`InMemoryRunner`: ADK's Gemini class sits on `@google/genai`, which takes its base URL from `GOOGLE_GEMINI_BASE_URL`
(the scripted model, as the Gemini API) and its key from `GEMINI_API_KEY`; nothing beyond ADK is needed for it.
`--auth`: `StreamableHTTPConnectionParams.transportOptions` goes unchanged to the SDK's Streamable HTTP transport, so
an app can give it the SDK's `authProvider`; ADK itself has no MCP sign-in of its own in this edition."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="google-adk-js",
    package="npm:@google/adk",
    bin="node",
    script="google_adk_js_client.mjs",
    script_helpers=("oauth_memory.mjs",),  # the sign-in of a run with --auth
    agent_script="google_adk_js_agent.mjs",  # `probe run --agent`: LlmAgent on ADK's Gemini class, InMemoryRunner
    # an optional peer of ADK, which npm leaves out: ADK's own error message tells the user to install it
    extra_packages=("@modelcontextprotocol/sdk@^1.26.0",),
    # its clientInfo is a constant (`MCPClient` 1.0.0) that names neither ADK nor its toolset
    surfaces={"session": "mcp-toolset"},
    # an agent run lists the tools twice before every model call, each time on a connection of its own (a new server
    # process over stdio): about 40 connections and a minute for the scripted model's calls
    modes={"session": (step("$bin $script $transport $probe_target", timeout=180),)},
    transports=("stdio", "http"),
    auth=True,  # transportOptions.authProvider, handed to the TypeScript SDK's Streamable HTTP transport
    timeout=240,
)
