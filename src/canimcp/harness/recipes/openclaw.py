"""OpenClaw (npm `openclaw`, Node >= 24.16): `openclaw mcp probe` connects as a real runtime session."""

import json

from ..recipe import Context, Recipe, step


def server(ctx: Context) -> str:
    if ctx.transport == "stdio":
        return json.dumps({"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]})
    # a bare url means legacy SSE to OpenClaw: name the transport
    return json.dumps({"url": ctx.probe_url, "transport": "streamable-http"})


RECIPE = Recipe(
    id="openclaw",
    package="npm:openclaw",
    bin="openclaw",
    node="24",
    files=lambda ctx: {"$work/server.json": server(ctx)},
    setup={
        "stdio": (step("sh -c 'exec $bin mcp set probe \"$(cat $work/server.json)\"'"),),
        "http": (step("sh -c 'exec $bin mcp set probe \"$(cat $work/server.json)\"'"),),
    },
    modes={"health": (step("$bin mcp probe probe --json", timeout=90),)},
    timeout=180,
)
