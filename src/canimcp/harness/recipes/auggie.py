"""Auggie, Augment's CLI agent (npm `@augmentcode/auggie`): a `--print` session with the probe from `--mcp-config`.

It refuses to start without an Augment sign-in, so the session carries a placeholder one whose service address is
port 9 of the loopback, which Node's fetch refuses to call ("bad port"): it connects its MCP servers, then retries
the service until `--retry-timeout` runs out. Its `mcp list` only prints the configuration and connects nothing."""

from ..recipe import Context, Recipe, step

PLACEHOLDER_SIGN_IN = '{"accessToken": "placeholder", "tenantURL": "http://127.0.0.1:9/", "scopes": ["email"]}'


def files(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]} if ctx.transport == "stdio"
        else {"type": ctx.transport, "url": ctx.probe_url}  # `http` or `sse`, as it names them
    )  # fmt: skip
    return {"$work/mcp.json": {"mcpServers": {"probe": server}}}


RECIPE = Recipe(
    id="auggie",
    package="npm:@augmentcode/auggie",
    bin="auggie",
    files=files,
    modes={
        "session": (
            step(
                "$bin --print hi --mcp-config $work/mcp.json --retry-timeout 10",
                timeout=60,
                may_fail=True,
                AUGMENT_SESSION_AUTH=PLACEHOLDER_SIGN_IN,
            ),
        ),
    },
    transports=("stdio", "http", "sse"),
)
