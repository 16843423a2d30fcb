"""Qwen Code (npm `@qwen-code/qwen-code`), a Gemini CLI fork: `qwen mcp list` health, `qwen -p` session."""

from ..recipe import Context, Recipe, step


def settings(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
        if ctx.transport == "stdio"
        else {"httpUrl": ctx.probe_url}
    )
    return {
        "$home/.qwen/settings.json": {"mcpServers": {"probe": server}},
        "$home/.qwen/trustedFolders.json": {str(ctx.work): "TRUST_FOLDER", str(ctx.home): "TRUST_FOLDER"},
    }


RECIPE = Recipe(
    id="qwen-code",
    package="npm:@qwen-code/qwen-code",
    bin="qwen",
    files=settings,
    modes={
        "health": (step("$bin mcp list", timeout=60),),
        "session": (
            step(
                "$bin -p hi --auth-type openai",
                timeout=60,
                may_fail=True,
                OPENAI_API_KEY="dummy",
                OPENAI_BASE_URL="http://127.0.0.1:9/v1",
                OPENAI_MODEL="dummy",
            ),
        ),
    },
)
