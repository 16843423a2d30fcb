"""VoltAgent (npm `@voltagent/core`) and its `MCPConfiguration`, driven by a few-line script. The MCP client underneath
is the official TypeScript SDK's, which VoltAgent depends on."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="voltagent",
    package="npm:@voltagent/core",
    bin="node",
    script="voltagent_client.mjs",
    agent_script="voltagent_agent.mjs",  # `probe run --agent`: Agent on @ai-sdk/openai (the Responses API)
    agent_packages=("@ai-sdk/openai@3.0.141",),  # the version @voltagent/core's own dependency resolves to
    # the server's key in MCPConfiguration is the clientInfo name a server sees
    surfaces={"session": "mcp-configuration"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),  # `type: "sse"` in a server's configuration
)
