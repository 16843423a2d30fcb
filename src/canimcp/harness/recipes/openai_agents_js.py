"""The OpenAI Agents SDK for JavaScript (npm `@openai/agents`) and its MCP server classes, driven by a few-line
script."""

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
)
