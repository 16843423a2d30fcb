"""gptme (PyPI `gptme`), a terminal agent: `gptme -n` (non-interactive, which approves every tool call) with the
probe and the scripted model (harness/model.py, as an OpenAI-compatible `local/` model) in its user config. It
connects its MCP servers when it first builds its tool list and has no status command, so there is no health
mode. GPTME_TIKTOKEN_TIMEOUT=0 spares the download of a tokenizer table that it would otherwise try (and, with no
route out, wait five seconds for) before counting tokens by an estimate."""

import json

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, str]:
    if ctx.transport == "stdio":
        server = f"command = {json.dumps(ctx.probe_argv[0])}\nargs = {json.dumps(ctx.probe_argv[1:])}\n"
    else:
        server = f"url = {json.dumps(ctx.probe_url)}\n"  # an http(s) URL means Streamable HTTP
    settings = (
        f'[env]\nOPENAI_BASE_URL = "{ctx.model_url}/v1"\nOPENAI_API_KEY = "dummy"\nMODEL = "local/scripted"\n\n'
        f'[mcp]\nenabled = true\n\n[[mcp.servers]]\nname = "probe"\n{server}'
    )
    # the path is fixed under ~ (XDG_CONFIG_HOME is not read)
    return {"$home/.config/gptme/config.toml": settings}


RECIPE = Recipe(
    id="gptme",
    package="pypi:gptme",
    bin="gptme",
    files=config,
    modes={"session": (step("$bin -n hi", timeout=120, may_fail=True, GPTME_TIKTOKEN_TIMEOUT="0"),)},
    model="openai",
)
