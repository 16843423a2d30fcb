"""The Vercel AI SDK's MCP client (npm `@ai-sdk/mcp`), driven by a few-line script.

Its agent packages are the `ai` and `@ai-sdk/openai` releases built on the same `@ai-sdk/provider` and
`@ai-sdk/provider-utils` releases as the client. Releases before 2.0.17 (2.0.16 was run) get the ones published just
before 2.0.16, on its `@ai-sdk/provider` 4.0.3 and `@ai-sdk/provider-utils` 5.0.12: `ai` 7.0.35 and `@ai-sdk/openai`
4.0.18. Their API is the one the scripts use (`createMCPClient`, the mcp-stdio transport, `type` "http" or "sse",
`auth`), so the scripts are the same."""

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
    earlier=(("2.0.17", {"agent_packages": ("ai@7.0.35", "@ai-sdk/openai@4.0.18")}),),
)
