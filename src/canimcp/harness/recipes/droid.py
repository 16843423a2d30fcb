"""Factory Droid (npm `@factory/cli`, command `droid`): `droid mcp add`, then `droid mcp list` health (it connects to
every configured server to show its status) and a one-shot `droid exec` session whose model is the scripted one
(harness/model.py), a bring-your-own-key custom model speaking Chat Completions (`customModels` in
~/.factory/settings.json), which needs no Factory sign-in.

The package installed is the platform binary, `@factory/cli-linux-x64`: the wrapper `@factory/cli` only chooses the
binary for the platform (its postinstall links the binary in place of its JavaScript shim), and this registry has
the wrapper at 0.225.1 while the binary is there only at 0.225.2. The binary package declares no command, so the
install links it into node_modules/.bin.

Droid names MCP tools to the model without their schemas (a "Deferred tools:" reminder) until the model loads them
with its ToolSearch tool, which the scripted model does (harness/tool_search.py). By default `droid exec` starts the
MCP servers in the background and runs the first model turn at once; the scripted model answers within milliseconds,
before the probe's tools are listed, so the settings turn on `blockOnMcpLoad`, which makes it wait for them."""

from ..recipe import Context, Recipe, step


def settings(ctx: Context) -> dict[str, object]:
    model = {"model": "scripted", "displayName": "scripted", "baseUrl": f"{ctx.model_url}/v1", "apiKey": "dummy",
             "provider": "generic-chat-completion-api", "maxOutputTokens": 4096}  # fmt: skip
    return {"$home/.factory/settings.json": {"customModels": [model], "blockOnMcpLoad": True}}


RECIPE = Recipe(
    id="droid",
    package="npm:@factory/cli-linux-x64",
    bin="droid",
    post_install=("mkdir -p ../../.bin && ln -sf ../@factory/cli-linux-x64/bin/droid ../../.bin/droid",),
    files=settings,
    setup={
        "stdio": (step("$bin mcp add probe -- $probe_argv", timeout=60),),
        "http": (step("$bin mcp add --type http probe $probe_url", timeout=60),),
        "sse": (step("$bin mcp add --type sse probe $probe_url", timeout=60),),
    },
    transports=("stdio", "http", "sse"),
    surfaces={"health": "mcp-list", "session": "exec"},
    modes={
        "health": (step("$bin mcp list", timeout=60),),
        # the custom model's id is its display name and its place in customModels; without --auto, exec is read-only
        # and stops at the first MCP tool call for want of permission
        "session": (step("$bin exec --auto high -m custom:scripted-0 hi", timeout=90, may_fail=True),),
    },
    model="openai",
)
