"""Kilo CLI (npm `@kilocode/cli`, an opencode fork): `kilo mcp list` health."""

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"type": "local", "command": ctx.probe_argv} if ctx.transport == "stdio"
        else {"type": "remote", "url": ctx.probe_url}
    )  # fmt: skip
    return {"$home/.config/kilo/kilo.json": {"mcp": {"probe": server}}}


RECIPE = Recipe(
    id="kilo",
    package="npm:@kilocode/cli",
    bin="kilo",
    files=config,
    # the wrapper's pinned platform package may be unpublished: install the platform binary beside it
    extra_packages=("@kilocode/cli-linux-x64",),
    modes={"health": (step("$bin mcp list --pure", timeout=60),)},
)
