"""Claude Code (npm `@anthropic-ai/claude-code`): `claude mcp list` health, `claude -p` session with the
scripted model (harness/model.py) as its Anthropic API, which has it call the probe's run_scenarios tool
and then the tools of its context checks."""

from ..context_checks import MODEL_TOOLS
from ..recipe import Context, Recipe, step

ALLOWED = ",".join(f"mcp__probe__{tool}" for tool in MODEL_TOOLS)  # the probe tools the scripted model calls


def config(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"type": "stdio", "command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]} if ctx.transport == "stdio"
        else {"type": ctx.transport, "url": ctx.probe_url}  # `http` or `sse`: its own names for the two
    )  # fmt: skip
    return {"$work/mcp.json": {"mcpServers": {"probe": server}}}


RECIPE = Recipe(
    id="claude-code",
    package="npm:@anthropic-ai/claude-code",
    bin="claude",
    files=config,
    # npm 11 may skip the wrapper's postinstall, which puts the platform binary in place
    post_install=("node install.cjs",),
    setup={
        # a stdio server at the local scope (what `mcp add` picks when given none): from 2.1.337 `mcp list` does not
        # start a user-scope one in a folder not trusted, and the sandbox's folder never is
        "stdio": (step("$bin mcp add -s local probe -- $probe_argv", timeout=60),),
        "http": (step("$bin mcp add -s user --transport http probe $probe_url", timeout=60),),
        "sse": (step("$bin mcp add -s user --transport sse probe $probe_url", timeout=60),),
    },
    transports=("stdio", "http", "sse"),
    surfaces={"health": "mcp-list", "session": "print"},
    modes={
        "health": (step("$bin mcp list", timeout=60),),
        "session": (
            step(
                f"$bin -p hi --mcp-config $work/mcp.json --strict-mcp-config --allowedTools {ALLOWED}",
                timeout=90,
                may_fail=True,
                ANTHROPIC_API_KEY="dummy",
                ANTHROPIC_BASE_URL="$model_url",
                ENABLE_TOOL_SEARCH="false",  # else MCP tools are offered only through its ToolSearch tool
            ),
        ),
    },
    model="anthropic",
    auth=True,
    # it signs in only on a terminal (`script` gives it one); it opens the browser, the harness's through xdg-open
    sign_in=(step("script -qfec '$bin mcp login probe' /dev/null", timeout=45),),
)
