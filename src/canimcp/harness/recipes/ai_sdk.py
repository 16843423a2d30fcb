"""The Vercel AI SDK's MCP client (npm `@ai-sdk/mcp`), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="ai-sdk",
    package="npm:@ai-sdk/mcp",
    bin="node",
    script="ai_sdk_client.mjs",
    agent_script="ai_sdk_agent.mjs",  # `probe run --agent`: generateText with the client's tools
    agent_packages=("ai@7.0.173", "@ai-sdk/openai@4.0.118"),
    script_helpers=("oauth_memory.mjs",),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),  # its transport config takes type "sse" as well as "http"
    auth=True,
)
