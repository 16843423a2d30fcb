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
    # the wrapper's platform package is an optional dependency npm may skip: ask for the same version
    # explicitly (a version whose platform package is unpublished then fails to install, rather than
    # silently running an older binary under a newer wrapper's name)
    extra_packages=("@kilocode/cli-linux-x64@$version",),
    modes={"health": (step("$bin mcp list --pure", timeout=60),)},
    auth=True,
    sign_in=(step("$bin mcp auth probe --pure", timeout=45),),  # as opencode: opens the browser through `open`
)
