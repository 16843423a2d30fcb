"""Nanocoder (npm `@nanocollective/nanocoder`, the Nano Collective's coding agent): `nanocoder run` in its plain
(Ink-free, non-interactive) mode, with the probe in the working folder's `.mcp.json` and the scripted model
(harness/model.py) as an OpenAI-compatible provider in its `agents.config.json`. `run` approves MCP tool calls by
default (its auto-accept mode). It has no status command that connects to a server, so there is no health mode."""

from ..recipe import Context, Recipe, step


def files(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"transport": "stdio", "command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
        if ctx.transport == "stdio"
        else {"transport": "http", "url": ctx.probe_url}
    )
    # a context window given here spares the lookup of the model's limits on models.dev
    provider = {"name": "scripted", "baseUrl": f"{ctx.model_url}/v1", "apiKey": "dummy", "models": ["scripted"]}
    return {
        "$work/.mcp.json": {"mcpServers": {"probe": server}},
        "$work/agents.config.json": {"nanocoder": {"providers": [{**provider, "contextWindow": 32000}]}},
    }


RECIPE = Recipe(
    id="nanocoder",
    package="npm:@nanocollective/nanocoder",
    bin="nanocoder",
    node="22",  # 1.30.0 needs Node >= 22
    files=files,
    modes={
        "session": (
            step(
                "$bin --provider scripted --model scripted --trust-directory --plain run hi",
                timeout=90,
                may_fail=True,
            ),
        ),
    },
    model="openai",
)
