"""mcp-cli by wong2 (npm `@wong2/mcp-cli`): calls one tool on a configured (stdio) server, or connects to an SSE
endpoint in its interactive mode."""

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
    transports=("stdio", "sse"),
    modes={
        "session": {
            "stdio": (step("""$bin -c $work/mcp.json call-tool probe:echo --args {"text":"hi"}"""),),
            # `--sse URL` has only the interactive mode: it connects and lists everything, then waits at its picker
            # until the step's timeout ends it
            "sse": (step("$bin --sse $probe_url", timeout=30, may_fail=True),),
        }
    },
)
