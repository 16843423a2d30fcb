"""Pi (npm `@earendil-works/pi-coding-agent`, Mario Zechner's terminal coding agent) with its own MCP client, built in
since 0.99.0 and written by Pi's authors (`@earendil-works/pi-mcp`, not the official SDK): Pi in print mode (`pi -p`,
one prompt, the answer printed) with no extension installed, the probe in the user-level `~/.pi/agent/mcp.json` and
the scripted model (harness/model.py) as a custom OpenAI-compatible provider (`api: "openai-completions"`) in
`~/.pi/agent/models.json`, chosen with `--model scripted/scripted`. pi-mcp-adapter's recipe runs the same Pi with the
third-party extension that replaces this client.

The user-level file, not the project's `.pi/mcp.json`: Pi reads a project's file only after the person has trusted
the project, and the user-level one needs no trust. Pi 1.6.0 needs Node >= 22.19.

One setting is not Pi's default: the probe's entry has `"exposure": "direct"`. By default (`codemode`) no MCP tool
is declared to the model; it gets a `codemode` tool that runs model-written JavaScript in a sandbox, where a script
finds the MCP tools with `searchTools()` and calls them as `tools.<name>(...)`. The scripted model writes no code, so
it could not reach the probe that way; with `direct` the probe's tools are offered as tools of their own
(`mcp__probe__<tool>`), and Pi also waits up to 10 s for such a server before the first prompt. The connection itself
(`initialize` at 2025-11-25, roots declared, nothing else) does not depend on the exposure.

Only stdio and Streamable HTTP: Pi rejects an `sse` entry, and a `url` entry is always Streamable HTTP, with no
fallback to the legacy transport. In an `--auth` run `pi mcp login probe` signs in first (Pi's own OAuth flow,
opening the browser with xdg-open); `pi -p` then sends the stored token."""

from ..recipe import Context, Recipe, step


def probe_entry(ctx: Context) -> dict[str, object]:
    """The probe as an `mcpServers` entry: a command for stdio, else its URL (which Pi's own client opens as
    Streamable HTTP, and pi-mcp-adapter as Streamable HTTP with a fallback to the legacy transport)."""
    if ctx.transport == "stdio":
        return {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
    return {"url": ctx.probe_url}


def scripted_models(ctx: Context) -> dict[str, object]:
    """`~/.pi/agent/models.json`: the scripted model as a custom OpenAI-compatible provider."""
    provider = {
        "baseUrl": f"{ctx.model_url}/v1", "api": "openai-completions", "apiKey": "dummy",
        "models": [{"id": "scripted", "name": "Scripted"}],
    }  # fmt: skip
    return {"providers": {"scripted": provider}}


def files(ctx: Context) -> dict[str, object]:
    return {
        "$home/.pi/agent/mcp.json": {"mcpServers": {"probe": {**probe_entry(ctx), "exposure": "direct"}}},
        "$home/.pi/agent/models.json": scripted_models(ctx),
    }


RECIPE = Recipe(
    id="pi",
    package="npm:@earendil-works/pi-coding-agent",
    bin="pi",
    node="22",
    files=files,
    surfaces={"session": "print"},
    modes={"session": (step("$bin -p --no-session --model scripted/scripted hi", timeout=120, may_fail=True),)},
    model="openai",
    transports=("stdio", "http"),
    auth=True,
    sign_in=(step("$bin mcp login probe --timeout 60", timeout=90),),
    timeout=240,
)
