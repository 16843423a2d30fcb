"""Kilo CLI (npm `@kilocode/cli`, an opencode fork): `kilo mcp list` health, `kilo run` session with the scripted
model (harness/model.py) as its Anthropic provider, which has it call the probe's run_scenarios."""

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"type": "local", "command": ctx.probe_argv} if ctx.transport == "stdio"
        # http and sse alike: a remote server is tried over Streamable HTTP, then over SSE when that fails
        else {"type": "remote", "url": ctx.probe_url}
    )  # fmt: skip
    provider = {"anthropic": {"options": {"baseURL": f"{ctx.model_url}/v1", "apiKey": "dummy"}}}
    config = {"mcp": {"probe": server}, "provider": provider, "model": "anthropic/claude-sonnet-4-5"}
    return {"$home/.config/kilo/kilo.json": config}


RECIPE = Recipe(
    id="kilo",
    package="npm:@kilocode/cli",
    bin="kilo",
    files=config,
    # the wrapper's platform package is an optional dependency npm may skip: ask for the same version
    # explicitly (a version whose platform package is unpublished then fails to install, rather than
    # silently running an older binary under a newer wrapper's name)
    extra_packages=("@kilocode/cli-linux-x64@$version",),
    modes={
        "health": (step("$bin mcp list --pure", timeout=60),),
        "session": (step("$bin run hi", timeout=45, may_fail=True, ANTHROPIC_API_KEY="dummy"),),
    },
    model="anthropic",
    transports=("stdio", "http", "sse"),
    auth=True,
    sign_in=(step("$bin mcp auth probe --pure", timeout=45),),  # as opencode: opens the browser through `open`
)
