"""Gemini CLI (npm `@google/gemini-cli`): `gemini mcp list` is its health check, `gemini -p` a session."""

from ..recipe import ConfigFiles, Context, Recipe, step


def settings_in(folder: str) -> ConfigFiles:
    """Settings with the probe as server `probe`, and the work folder trusted (else the server shows as
    "Disabled" and is never started); forks of Gemini CLI keep the same files under their own folder."""

    def files(ctx: Context) -> dict[str, object]:
        server: dict[str, object] = (
            {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
            if ctx.transport == "stdio"
            else {"httpUrl": ctx.probe_url}
        )
        return {
            f"$home/{folder}/settings.json": {"mcpServers": {"probe": server}},
            f"$home/{folder}/trustedFolders.json": {str(ctx.work): "TRUST_FOLDER", str(ctx.home): "TRUST_FOLDER"},
        }

    return files


RECIPE = Recipe(
    id="gemini-cli",
    package="npm:@google/gemini-cli",
    bin="gemini",
    files=settings_in(".gemini"),
    modes={
        "health": (step("$bin mcp list", timeout=60),),
        "session": (step("$bin -p hi", timeout=60, may_fail=True, GEMINI_API_KEY="dummy"),),
    },
)
