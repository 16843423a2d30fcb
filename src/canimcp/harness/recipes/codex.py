"""Codex CLI (npm `@openai/codex`): `codex mcp list` does not connect, so only a session (`codex exec`)."""

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, str]:
    if ctx.transport == "stdio":
        args = ", ".join(f'"{a}"' for a in ctx.probe_argv[1:])
        server = f'command = "{ctx.probe_argv[0]}"\nargs = [{args}]\n'
    else:
        server = f'url = "{ctx.probe_url}"\n'
    return {"$home/.codex/config.toml": f"[mcp_servers.probe]\n{server}"}


RECIPE = Recipe(
    id="codex",
    package="npm:@openai/codex",
    bin="codex",
    files=config,
    modes={
        "session": (
            step(
                "$bin exec --skip-git-repo-check hi",
                timeout=60,
                may_fail=True,
                OPENAI_API_KEY="dummy",
                CODEX_API_KEY="dummy",
                CODEX_HOME="$home/.codex",
            ),
        ),
    },
    auth=True,
    # its own sign-in command opens the browser (the harness's, through $BROWSER) and stores the token
    sign_in=(step("$bin mcp login probe", timeout=45, CODEX_HOME="$home/.codex"),),
)
