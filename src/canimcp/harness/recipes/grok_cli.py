"""Grok CLI (npm `@vibe-kit/grok-cli`, command `grok`, VibeKit's terminal coding agent for xAI's Grok models on the
OpenAI client library, with the TypeScript SDK 1.x as its MCP client): the probe as the one server in the working
folder's `.grok/settings.json` (where `grok mcp add` puts it), `grok mcp test probe` health, and a session in its
interactive terminal UI on the scripted model (harness/model.py), an OpenAI-compatible endpoint named by
GROK_BASE_URL, with GROK_API_KEY and GROK_MODEL.

The session is the interactive UI, not the one-shot `grok -p`: the agent connects its MCP servers in the background
and takes the tools it offers the model when a turn starts, and `-p` starts its turn at once, so its model is never
offered an MCP tool (and the open connection keeps `-p` from exiting). grok_cli_session.py runs the UI on a
pseudo-terminal, types the prompt once the status line counts the server as connected, as a person would, and leaves
with the UI's `exit` command. MCP tool calls need no approval. `mcp test` connects, lists the tools and prints them,
but never closes the connection, so its step ends at its time limit.

Only stdio: the configuration also takes `http`, `sse` and `streamable_http`, but in 0.0.34 those are stand-ins
that do not speak MCP (the first two POST each message to an `/rpc` path beside the URL and drop the answer, the
third throws before sending), so over Streamable HTTP `mcp test` got a 404 and the probe recorded no connection."""

from ..recipe import Context, Recipe, step


def settings(ctx: Context) -> dict[str, object]:
    server = {"name": "probe", "transport": {"type": "stdio", "command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}}
    return {"$work/.grok/settings.json": {"mcpServers": {"probe": server}}}


MODEL = {"GROK_API_KEY": "dummy", "GROK_BASE_URL": "$model_url/v1", "GROK_MODEL": "scripted"}

RECIPE = Recipe(
    id="grok-cli",
    package="npm:@vibe-kit/grok-cli",
    bin="grok",
    files=settings,
    transports=("stdio",),
    surfaces={"health": "mcp-test", "session": "interactive"},
    modes={
        # it stays connected after printing the tools; 30 s covers the probe's requests and list changes
        "health": (step("$bin mcp test probe", timeout=30, may_fail=True),),
        "session": (step("python3 $script hi $bin", timeout=200, may_fail=True, **MODEL),),
    },
    script="grok_cli_session.py",
    script_helpers=("terminal.py",),  # the pseudo-terminal it is typed into
    model="openai",
    timeout=260,
)
