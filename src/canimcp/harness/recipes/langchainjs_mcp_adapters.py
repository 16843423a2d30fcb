"""LangChain.js's MCP adapters (npm `@langchain/mcp-adapters`), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="langchainjs-mcp-adapters",
    package="npm:@langchain/mcp-adapters",
    bin="node",
    script="langchainjs_mcp_adapters_client.mjs",
    script_helpers=("oauth_memory.mjs",),
    agent_script="langchainjs_mcp_adapters_agent.mjs",  # `probe run --agent`: LangChain.js's createAgent on ChatOpenAI
    agent_packages=("langchain@1.5.14", "@langchain/openai@1.6.0"),
    surfaces={"session": "multi-server-client"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),  # a server's `transport: "sse"` picks the legacy transport
    auth=True,  # a server's `authProvider` (its README's OAuth section) goes to the official SDK's transport
)
