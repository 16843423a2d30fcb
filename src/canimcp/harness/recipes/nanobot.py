"""nanobot (PyPI `nanobot-ai`, HKUDS), a self-hosted personal AI agent with a terminal UI, a WebUI, chat-app channels
and an OpenAI-compatible API. Its session here is the documented one-shot command, `nanobot agent -m hi`, on the
scripted model (harness/model.py) as its `custom` provider (any OpenAI-compatible Chat Completions endpoint, the
provider its configuration guide names for that), with the probe as the one entry of `tools.mcpServers` in
`~/.nanobot/config.json`, the file the guide names: a `command` and `args` for stdio, a `url` otherwise. It picks the
transport from the entry (a URL ending in `/sse` is legacy SSE, any other URL Streamable HTTP), so both HTTP kinds are
run. It has no MCP status command (`nanobot status` connects nothing), so there is no health mode.

HTTP servers: nanobot refuses a server URL whose address is private or loopback (its SSRF guard) unless the range is
listed in `tools.ssrfWhitelist`, the setting its guide gives for trusted private ranges; the probe is on loopback, so
the HTTP configs list `127.0.0.0/8` there, as a user with a local server must. Stdio needs nothing of the kind.

No `--auth`: a server marked `"auth": "oauth"` is skipped until it has stored credentials, and those come only from a
sign-in started in the WebUI (a browser flow the gateway serves), which the harness does not drive."""

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, object]:
    if ctx.transport == "stdio":
        server: dict[str, object] = {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
        tools: dict[str, object] = {"mcpServers": {"probe": server}}
    else:
        tools = {"mcpServers": {"probe": {"url": ctx.probe_url}}, "ssrfWhitelist": ["127.0.0.0/8"]}
    return {
        "$home/.nanobot/config.json": {
            "providers": {"custom": {"apiKey": "dummy", "apiBase": f"{ctx.model_url}/v1"}},
            "agents": {"defaults": {"provider": "custom", "model": "scripted"}},
            "tools": tools,
        }
    }


RECIPE = Recipe(
    id="nanobot",
    package="pypi:nanobot-ai",
    bin="nanobot",
    files=config,
    modes={"session": (step("$bin agent -m hi", timeout=120, may_fail=True),)},
    model="openai",
    transports=("stdio", "http", "sse"),
    timeout=180,
)
