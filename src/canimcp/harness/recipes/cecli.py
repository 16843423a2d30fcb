"""cecli (PyPI `cecli-dev`; its former name `aider-ce` is still published beside each release, with no code, only
a requirement of `cecli-dev`), a community fork of the Aider coding assistant that added MCP servers. It is a CLI:
one non-interactive run (`--message hi --yes-always`, which answers its "Run tools?" question with yes) on the
scripted model (harness/model.py) as an `openai/` model at `--openai-api-base`, with the probe as the one entry of an
`mcpServers` file given with `--mcp-servers-files` (its MCP guide writes `--mcp-servers-file`, which argparse takes
as short for it). Each entry names its transport (`stdio`, `http` for Streamable HTTP, `sse` for the legacy
transport); without one it takes `--mcp-transport`, whose default is stdio. The working folder is not a git
repository and none is made: cecli runs without one, and no git identity or credential is involved. It connects
every server before the first turn and has no status command, so there is no health mode. An HTTP entry with no
`headers` gets the SDK's OAuth provider, which would open the browser through Python's `webbrowser` (`$BROWSER`, the
harness's, in a sign-in run) and wait on a callback listener of its own, so the recipe has no sign-in step
(`auth=True`). Against the probe it never gets that far: cecli hands the provider the server's origin, and the SDK
refuses the probe's protected resource metadata, which names the /mcp endpoint. The legacy SSE transport gets no
OAuth."""

import json

from ..recipe import Context, Recipe, step


def servers(ctx: Context) -> dict[str, object]:
    if ctx.transport == "stdio":
        entry: dict[str, object] = {"transport": "stdio", "command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
    else:
        entry = {"transport": ctx.transport, "url": ctx.probe_url}  # "http" (Streamable HTTP) or "sse"
    return {"mcpServers": {"probe": entry}}


def files(ctx: Context) -> dict[str, object]:
    return {"$work/mcp.json": json.dumps(servers(ctx), indent=2)}


SESSION = (
    "$bin --model openai/scripted --openai-api-base $model_url/v1 --openai-api-key dummy"
    " --mcp-servers-files $work/mcp.json --message hi --yes-always"
)

RECIPE = Recipe(
    id="cecli",
    package="pypi:cecli-dev",
    bin="cecli",
    files=files,
    # about 20 s of tool calls, then the process exits by itself; a sign-in adds a few seconds
    modes={"session": (step(SESSION, timeout=120, may_fail=True),)},
    model="openai",
    transports=("stdio", "http", "sse"),
    auth=True,
    timeout=180,
)
