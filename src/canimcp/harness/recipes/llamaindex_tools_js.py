"""LlamaIndex.TS's MCP helper (npm `@llamaindex/tools`, its `mcp(...)` function), driven by a few-line script. `mcp`
makes an `MCPClient` that wraps a client of the official TypeScript SDK (`@modelcontextprotocol/sdk`, 1.32.2 in a
default install) on the SDK's stdio transport (`command`, `args`), its Streamable HTTP transport (`url`) or, with
`useSSETransport`, its legacy SSE transport; `tools()` connects, lists and returns LlamaIndex `FunctionTool`s. The
package asks for `@llamaindex/core` and `@llamaindex/env` as exact peer dependencies, which npm installs with it. The
agent (`--agent`) is `agent` of `@llamaindex/workflow` on `openai` of `@llamaindex/openai` (Chat Completions at the
scripted model), as the package's MCP example shows; both pins are the newest releases, which ask for the same core
(0.6.23) as the tools package. The whole LlamaIndex.TS family is marked deprecated on npm. `--auth`: the helper passes
its options on to the SDK's Streamable HTTP transport, `authProvider` among them. The Python LlamaIndex MCP tools are
the `llama-index-tools-mcp` recipe."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="llamaindex-tools-js",
    package="npm:@llamaindex/tools",
    bin="node",
    script="llamaindex_tools_js_client.mjs",
    script_helpers=("oauth_memory.mjs",),
    agent_script="llamaindex_tools_js_agent.mjs",  # `probe run --agent`: agent() of @llamaindex/workflow on openai()
    agent_packages=("@llamaindex/workflow@1.1.25", "@llamaindex/openai@0.4.23"),
    # the clientInfo name is the helper's default, `mcp-client-cli`, which says nothing of LlamaIndex
    surfaces={"session": "mcp-helper"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),  # `useSSETransport: true` picks the SDK's SSE transport
    auth=True,
)
