"""The OpenAI Agents SDK for JavaScript (npm `@openai/agents`) and its MCP server classes, driven by a few-line
script.

Releases before 0.15.0 (0.13.5 was run) load the TypeScript SDK's 1.x package (`@modelcontextprotocol/sdk`, an
optional dependency of `@openai/agents-core`), and 0.13.5 and the 0.14 releases depend on `openai` 6 (older ones may
ask for another major; only 0.13.5 was run): the plain script finishes an OAuth sign-in with the transport of
whichever SDK package is installed, and their agent runs get `openai` 6.49.0, the newest 6.x, which a fresh install
of 0.13.5 resolves for its own dependency. The agent script's API (`Agent`, `run`,
`setDefaultOpenAIClient`, `setTracingDisabled`) is in 0.13.5 too."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="openai-agents-js",
    package="npm:@openai/agents",
    bin="node",
    script="openai_agents_js_client.mjs",
    script_helpers=("oauth_memory.mjs",),
    agent_script="openai_agents_js_agent.mjs",  # `probe run --agent`: Agent and run on the OpenAI client
    agent_packages=("openai@7.59.0",),
    surfaces={"session": "mcp-server-classes"},  # its clientInfo name is made from the command or the URL
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),  # MCPServerSSE is its class for the legacy transport
    auth=True,  # MCPServerStreamableHttp's `authProvider` goes to the official SDK's transport
    earlier=(("0.15.0", {"agent_packages": ("openai@6.49.0",)}),),  # releases on openai 6
)
