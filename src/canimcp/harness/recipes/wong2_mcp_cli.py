"""mcp-cli by wong2 (npm `@wong2/mcp-cli`): calls one tool on a configured server."""

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
    transports=("stdio",),
    modes={"session": (step("""$bin -c $work/mcp.json call-tool probe:echo --args {"text":"hi"}"""),)},
)
