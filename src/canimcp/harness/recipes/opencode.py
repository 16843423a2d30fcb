"""opencode (npm `opencode-ai`): `opencode mcp list` health, `opencode run` session with the scripted model
(harness/model.py) as its Anthropic provider (bundled, so nothing is fetched), which has it call run_scenarios."""

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"type": "local", "command": ctx.probe_argv} if ctx.transport == "stdio"
        # http and sse alike: a remote server is tried over Streamable HTTP, then over SSE when that fails
        else {"type": "remote", "url": ctx.probe_url}
    )  # fmt: skip
    provider = {"anthropic": {"options": {"baseURL": f"{ctx.model_url}/v1", "apiKey": "dummy"}}}
    return {
        "$home/.config/opencode/opencode.json": {
            "mcp": {"probe": server},
            "provider": provider,
            "model": "anthropic/claude-sonnet-4-5",
        }
    }


RECIPE = Recipe(
    id="opencode",
    package="npm:opencode-ai",
    bin="opencode",
    files=config,
    modes={
        "health": (step("$bin mcp list --pure", timeout=60),),
        "session": (step("$bin run hi", timeout=45, may_fail=True, ANTHROPIC_API_KEY="dummy"),),
    },
    model="anthropic",
    transports=("stdio", "http", "sse"),
    auth=True,
    sign_in=(step("$bin mcp auth probe --pure", timeout=45),),  # opens the browser through `open`, i.e. $BROWSER
)
