"""Mastra's MCP client (npm `@mastra/mcp`), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mastra",
    package="npm:@mastra/mcp",
    bin="node",
    script="mastra_client.mjs",
    agent_script="mastra_agent.mjs",  # `probe run --agent`: @mastra/core's Agent on @ai-sdk/openai
    agent_packages=("@ai-sdk/openai@4.0.118",),
    node="22",  # @mastra/mcp 2.0.0 asks for node >= 22.13
    surfaces={"session": "mcp-client"},  # its clientInfo name is the server's name in the configuration
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    auth=True,  # its own MCPOAuthClientProvider and mcp.authenticate(), the browser via $BROWSER
)
