"""opencode (npm `opencode-ai`): `opencode mcp list` health, `opencode run` session."""

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"type": "local", "command": ctx.probe_argv} if ctx.transport == "stdio"
        else {"type": "remote", "url": ctx.probe_url}
    )  # fmt: skip
    return {"$home/.config/opencode/opencode.json": {"mcp": {"probe": server}}}


RECIPE = Recipe(
    id="opencode",
    package="npm:opencode-ai",
    bin="opencode",
    files=config,
    modes={
        "health": (step("$bin mcp list --pure", timeout=60),),
        "session": (step("$bin run hi", timeout=45, may_fail=True, OPENAI_API_KEY="dummy"),),
    },
    auth=True,
    sign_in=(step("$bin mcp auth probe --pure", timeout=45),),  # opens the browser through `open`, i.e. $BROWSER
)
