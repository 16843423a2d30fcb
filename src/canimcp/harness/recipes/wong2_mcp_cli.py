"""mcp-cli by wong2 (npm `@wong2/mcp-cli`): calls one tool on a configured (stdio) server, or connects to a
Streamable HTTP (`--url`) or SSE (`--sse`) endpoint in its interactive mode. For those two it signs in with OAuth on
its own when the server answers 401: it opens the browser (through the `open` package, i.e. xdg-open and so
$BROWSER), waits for the code on its loopback callback, then connects again."""

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
        if ctx.transport == "stdio"
        else {"url": ctx.probe_url}
    )
    return {"$work/mcp.json": {"mcpServers": {"probe": server}}}


RECIPE = Recipe(
    id="wong2-mcp-cli",
    package="npm:@wong2/mcp-cli",
    bin="mcp-cli",
    files=config,
    transports=("stdio", "http", "sse"),
    modes={
        "session": {
            "stdio": (
                # the JSON quoted, as a step's words are split the way a shell splits them
                step("""$bin -c $work/mcp.json call-tool probe:echo --args '{"text":"hi"}'"""),
                # the 2025-11-25 tools: one a server runs only as a task, one refused until a URL elicitation is done
                step("$bin -c $work/mcp.json call-tool probe:task_tool", may_fail=True),
                step("$bin -c $work/mcp.json call-tool probe:url_gate", may_fail=True),
            ),
            # `--url URL` / `--sse URL` have only the interactive mode: it connects and lists everything, then waits
            # at its picker until the step's timeout ends it
            "http": (step("$bin --url $probe_url", timeout=30, may_fail=True),),
            "sse": (step("$bin --sse $probe_url", timeout=30, may_fail=True),),
        }
    },
    auth=True,
)
