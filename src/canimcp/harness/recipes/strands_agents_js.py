"""Strands Agents for TypeScript (npm `@strands-agents/sdk`) and its `McpClient`, driven by a few-line script. The
MCP client underneath is the official TypeScript SDK's, a peer that npm installs with it."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="strands-agents-js",
    package="npm:@strands-agents/sdk",
    bin="node",
    script="strands_agents_js_client.mjs",
    script_helpers=("oauth_memory.mjs",),  # the sign-in of a run with --auth
    agent_script="strands_agents_js_agent.mjs",  # `probe run --agent`: Agent on its OpenAI model (Responses API)
    agent_packages=("openai@6.49.0",),  # an optional peer of the SDK (^6.45.0), which its OpenAI model imports
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),  # `transport` takes any transport of the TypeScript SDK, its SSE one too
    auth=True,  # McpClient's `authProvider` goes to the TypeScript SDK's Streamable HTTP transport
)
