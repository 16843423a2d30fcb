"""NeuroLink by Juspay (npm `@juspay/neurolink`, command `neurolink`): its CLI with the probe as the one server of
`.mcp-config.json` in the working folder, which NeuroLink reads from the current folder when it starts its MCP side
(`command`/`args`, or a `url` with `transport` `http` or `sse`). The recipe writes that file because `neurolink mcp add`
connects nothing and keeps nothing: it only registers the server with a `NeuroLink` object made for that one command
(dist/cli/commands/mcp.js:496-557 of 9.37.0). `neurolink mcp list` is the health check (it connects, lists, and does
not exit, so its step ends at its time limit); the session is a one-shot `neurolink generate` on its `openai`
provider, whose AI SDK client takes OPENAI_BASE_URL: the scripted model (harness/model.py), with a placeholder key.

`--legacy-peer-deps`: 9.37.0 depends on `@juspay/hippocampus` ^0.1.3, whose newest release (0.1.8) has the required
peer `@juspay/neurolink` >=9.70.0, a version the registry does not list, so a plain install stops with ETARGET. No
`--auth`: the SDK transport gets no `authProvider`; the `oauth2` setting only adds tokens from an empty store."""

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, object]:
    if ctx.transport == "stdio":
        server: dict[str, object] = {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:], "transport": "stdio"}
    else:  # without `transport` a server counts as stdio, even with a url
        server = {"url": ctx.probe_url, "transport": ctx.transport}
    return {"$work/.mcp-config.json": {"mcpServers": {"probe": server}}}


MODEL = {"OPENAI_API_KEY": "dummy", "OPENAI_BASE_URL": "$model_url/v1"}

RECIPE = Recipe(
    id="neurolink",
    package="npm:@juspay/neurolink",
    bin="neurolink",
    files=config,
    npm_flags=("--legacy-peer-deps",),  # a dependency's required peer names a release the registry lacks
    surfaces={"health": "cli", "session": "cli"},
    modes={
        "health": (step("$bin mcp list", timeout=60, may_fail=True),),  # it stays running after printing
        "session": (
            step(
                '$bin generate "Run the probe scenarios." --provider openai --model gpt-4o-mini',
                timeout=150,
                may_fail=True,
                **MODEL,
            ),
        ),
    },
    model="openai",
    transports=("stdio", "http", "sse"),
    timeout=240,
)
