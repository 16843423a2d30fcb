"""mcp-cli by chuk (PyPI `mcp-cli`): lists a configured server's tools."""

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, object]:
    return {
        "$work/server_config.json": {
            "mcpServers": {"probe": {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}}
        }
    }


RECIPE = Recipe(
    id="chuk-mcp-cli",
    package="pypi:mcp-cli",
    bin="python",
    files=config,
    transports=("stdio",),
    modes={
        "session": (step("$bin -m mcp_cli tools --server probe --config-file $work/server_config.json", timeout=60),)
    },
)
