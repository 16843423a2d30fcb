"""nanobot (PyPI `nanobot-ai`, HKUDS), a self-hosted personal AI agent with a terminal UI, a WebUI, chat-app channels
and an OpenAI-compatible API. Its session here is the documented one-shot command, `nanobot agent -m hi`, on the
scripted model (harness/model.py) as its `custom` provider (any OpenAI-compatible Chat Completions endpoint, the
provider its configuration guide names for that), with the probe as the one entry of `tools.mcpServers` in
`~/.nanobot/config.json`, the file the guide names: a `command` and `args` for stdio, a `url` otherwise. It picks the
transport from the entry (a URL ending in `/sse` is legacy SSE, any other URL Streamable HTTP), so both HTTP kinds are
run. It has no MCP status command (`nanobot status` connects nothing), so there is no health mode.

HTTP servers: before it connects, nanobot resolves a server URL's host and refuses it if an address is loopback,
private or link-local (`validate_url_target` in nanobot/agent/tools/mcp.py 1033-1042, the ranges and the check in
nanobot/security/network.py 16-28 and 132-145), unless the range is in `tools.ssrfWhitelist` (network.py 71-75),
which is empty by default (nanobot/config/schema.py 419). The configuration guide gives that setting, under its web
tools, for trusted private ranges; its MCP section does not mention the check. The probe is on loopback, so the HTTP
configs list `127.0.0.0/8` there, as a user with a local server must. Stdio needs nothing of the kind.

No `--auth`: only a server marked `"auth": "oauth"` signs in, such a server is skipped until it has stored
credentials, and those come only from a sign-in started in the WebUI (a browser flow the gateway serves), which the
harness does not drive."""

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
