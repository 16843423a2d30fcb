"""Gemini CLI (npm `@google/gemini-cli`): `gemini mcp list` is its health check, `gemini -p` a session."""

from ..recipe import Context, Recipe, step


def settings(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]} if ctx.transport == "stdio"
        else {"httpUrl": ctx.probe_url}
    )  # fmt: skip
    return {
        "$home/.gemini/settings.json": {"mcpServers": {"probe": server}},
        # without a trusted folder the server shows as "Disabled" and is never started
        "$home/.gemini/trustedFolders.json": {str(ctx.work): "TRUST_FOLDER", str(ctx.home): "TRUST_FOLDER"},
    }


RECIPE = Recipe(
    id="gemini-cli",
    package="npm:@google/gemini-cli",
    bin="gemini",
    files=settings,
    modes={
        "health": (step("$bin mcp list", timeout=60),),
        "session": (step("$bin -p hi", timeout=60, may_fail=True, GEMINI_API_KEY="dummy"),),
    },
)
