"""mcp-cli by chuk (PyPI `mcp-cli`): lists a configured server's tools."""

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, object]:
    server: dict[str, object]
    if ctx.transport == "stdio":
        server = {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
    elif ctx.transport == "http":
        # without `transport`, a URL means Streamable HTTP (the client appends /mcp unless the URL ends with it)
        server = {"url": ctx.probe_url}
    else:
        # the server's base address, because the client adds /sse itself, and given the /sse URL it posts to
        # <url>/sse/messages (the endpoint path glued onto the whole URL, not resolved against it)
        server = {"url": ctx.probe_url.removesuffix("/sse"), "transport": "sse"}
    return {"$work/server_config.json": {"mcpServers": {"probe": server}}}


RECIPE = Recipe(
    id="chuk-mcp-cli",
    package="pypi:mcp-cli",
    bin="python",
    files=config,
    transports=("stdio", "http", "sse"),
    auth=True,  # its OAuth flow, if it starts, opens the browser through Python's webbrowser module, i.e. $BROWSER
    modes={
        "session": (step("$bin -m mcp_cli tools --server probe --config-file $work/server_config.json", timeout=60),)
    },
)
