"""oterm (PyPI `oterm`): a full-screen terminal chat (Textual) for models behind Ollama and other providers, whose
agent is pydantic-ai's, with MCP servers from the `mcpServers` of its config.json (in its data folder,
`~/.local/share/oterm`), each a pydantic-ai `MCPToolset` (FastMCP's client underneath): a command, or a URL, which is
Streamable HTTP unless it ends in `/sse` (the legacy transport); WebSocket URLs are refused. The config also turns off
the splash animation. The model is the scripted one (harness/model.py) as its Ollama host (`OLLAMA_URL`): oterm lists
and inspects models with Ollama's own `/api/tags` and `/api/show`, and chats through pydantic-ai's Ollama provider,
which is OpenAI's Chat Completions at `$OLLAMA_URL/v1`.

The app has no one-shot mode and a chat offers its model no tool unless it was ticked in the chat's dialog, so
oterm_session.py drives the UI on a pseudo-terminal: Ctrl+N, the model's name, Tab to the check box of the server
`probe` (15 Tabs past the model list, system prompt, tool list frame and the 4 built-in tools and 5 capabilities of
this release, each with its group box), space, back to the frame, Enter, then the prompt. There is no status command
that stays connected (`oterm --upgrade` connects and leaves at once, for a database upgrade), so only sessions are
recorded."""

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, object]:
    server = (
        {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
        if ctx.transport == "stdio"
        else {"url": ctx.probe_url}
    )
    return {"$home/.local/share/oterm/config.json": {"splash-screen": False, "mcpServers": {"probe": server}}}


RECIPE = Recipe(
    id="oterm",
    package="pypi:oterm",
    bin="oterm",
    transports=("stdio", "http", "sse"),
    files=config,
    surfaces={"session": "tui"},
    modes={
        "session": (step("python3 $script hi scripted 15 $bin", timeout=200, may_fail=True, OLLAMA_URL="$model_url"),)
    },
    script="oterm_session.py",
    script_helpers=("terminal.py",),  # the pseudo-terminal it is typed into
    model="ollama",
    timeout=260,
)
