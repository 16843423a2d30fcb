"""Codex CLI (npm `@openai/codex`): `codex mcp list` does not connect, so only a session (`codex exec`), with the
scripted model (harness/model.py) as its provider over the Responses API, which has it call run_scenarios."""

from ..context_checks import MODEL_TOOLS
from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, str]:
    if ctx.transport == "stdio":
        args = ", ".join(f'"{a}"' for a in ctx.probe_argv[1:])
        server = f'command = "{ctx.probe_argv[0]}"\nargs = [{args}]\n'
    else:
        server = f'url = "{ctx.probe_url}"\n'
    # the scripted model (harness/model.py) as an OpenAI-compatible provider speaking the Responses API
    provider = (
        'model = "scripted"\nmodel_provider = "canimcp"\n\n[model_providers.canimcp]\nname = "canimcp"\n'
        f'base_url = "{ctx.model_url}/v1"\nwire_api = "responses"\nenv_key = "OPENAI_API_KEY"\n\n'
    )
    # `codex exec` runs with approval policy `never`, which refuses an MCP tool call unless it is approved here
    approve = "".join(f'\n[mcp_servers.probe.tools.{tool}]\napproval_mode = "approve"\n' for tool in MODEL_TOOLS)
    return {"$home/.codex/config.toml": f"{provider}[mcp_servers.probe]\n{server}{approve}"}


RECIPE = Recipe(
    id="codex",
    package="npm:@openai/codex",
    bin="codex",
    files=config,
    surfaces={"session": "exec"},
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
    model="openai",
    auth=True,
    # its own sign-in command opens the browser (the harness's, through $BROWSER) and stores the token
    sign_in=(step("$bin mcp login probe", timeout=45, CODEX_HOME="$home/.codex"),),
)
