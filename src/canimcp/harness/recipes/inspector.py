"""MCP Inspector's CLI mode (npm `@modelcontextprotocol/inspector`): one method call per connection."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="inspector",
    package="npm:@modelcontextprotocol/inspector",
    bin="mcp-inspector",
    node="22",  # 2.x needs Node >= 22.19
    modes={
        "session": {
            "stdio": (step("$bin --cli $probe_argv --method tools/list"),),
            "http": (
                step("$bin --cli $probe_url --transport http --method tools/list"),
                # a second connection calls the tool whose stream the probe cuts (listed from 2025-11-25 on; an
                # error otherwise): does the CLI come back for the answer?
                step(
                    "$bin --cli $probe_url --transport http --method tools/call --tool-name dropped_stream",
                    timeout=30,
                    may_fail=True,
                ),
            ),
            # named, though a URL ending in /sse would pick the legacy transport by itself
            "sse": (step("$bin --cli $probe_url --transport sse --method tools/list"),),
        }
    },
    transports=("stdio", "http", "sse"),
)
