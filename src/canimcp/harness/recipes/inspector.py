"""MCP Inspector's CLI mode (npm `@modelcontextprotocol/inspector`): one method call per connection. A session lists
tools, then lists the server's skills with `--verify` (which reads each skill's SKILL.md and checks it against its
entry: what a user does to see a server's skills; the CLI refuses without sending anything when the server does not
declare the extension, as the probe does before 2025-11-25)."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="inspector",
    package="npm:@modelcontextprotocol/inspector",
    bin="mcp-inspector",
    node="22",  # 2.x needs Node >= 22.19
    modes={
        "session": {
            "stdio": (
                step("$bin --cli $probe_argv --method tools/list"),
                step("$bin --cli $probe_argv --method skills/list --verify", may_fail=True),
                # the 2025-11-25 tools: one a server runs only as a task, one refused until a URL elicitation is done
                # (an error on other revisions, which do not list them)
                step("$bin --cli $probe_argv --method tools/call --tool-name task_tool", may_fail=True),
                step("$bin --cli $probe_argv --method tools/call --tool-name url_gate", may_fail=True),
            ),
            "http": (
                step("$bin --cli $probe_url --transport http --method tools/list"),
                step("$bin --cli $probe_url --transport http --method skills/list --verify", may_fail=True),
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
    auth=True,
    # it signs in by itself when the server answers 401, but opens the browser only on a terminal or when
    # MCP_AUTO_OPEN_ENABLED=true (the switch its own error names for runs without one); `open` hands the URL to
    # xdg-open and so to the harness's browser. This first call is the signed-in connection: the mode's own calls
    # read no stored token (that takes --use-stored-auth), so they are refused and end with `auth_required`
    sign_in=(
        step(
            "$bin --cli $probe_url --transport http --method tools/list",
            timeout=60,
            MCP_AUTO_OPEN_ENABLED="true",
        ),
    ),
)
