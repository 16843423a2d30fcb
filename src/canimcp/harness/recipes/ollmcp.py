"""ollmcp (PyPI `ollmcp`, a console script over `mcp-client-for-ollama`, "MCP Client for Ollama"): an interactive
terminal chat that hands the tools of its MCP servers to a model behind Ollama (its default provider; OpenAI-compatible
providers too, through any-llm), with the official Python SDK's low-level `ClientSession` as its MCP client. The probe
is added to its server registry with its own command, `ollmcp mcp add` (the local scope, kept per working folder in
`~/.config/ollmcp/mcp.local.json`; `--transport http` or `sse` with the URL), and the session is its chat on the
scripted model (harness/model.py) as an Ollama host (`--host`, Ollama's own `/api/chat`, `/api/tags` and
`/api/show`), with the model it lists named by `--model`.

The chat has no one-shot mode: ollmcp_session.py runs it on a pseudo-terminal, types the prompt once the input prompt
shows (every server is connected by then), answers its human-in-the-loop confirmation, on by default, with `s` (run
the tools without asking again this turn) and its loop-limit question with `c` (go on), and leaves with `/quit` after
the scripted model's "Done." and the harness's hold. There is no status command that connects (`ollmcp mcp list` only
prints the registry), so only sessions are recorded."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="ollmcp",
    package="pypi:ollmcp",
    bin="ollmcp",
    transports=("stdio", "http", "sse"),
    setup={
        "stdio": (step("$bin mcp add probe -- $probe_argv", timeout=60),),
        "http": (step("$bin mcp add --transport http probe $probe_url", timeout=60),),
        "sse": (step("$bin mcp add --transport sse probe $probe_url", timeout=60),),
    },
    surfaces={"session": "interactive"},
    modes={
        "session": (step("python3 $script hi $bin --model scripted --host $model_url", timeout=200, may_fail=True),)
    },
    script="ollmcp_session.py",
    script_helpers=("terminal.py",),  # the pseudo-terminal it is typed into
    model="ollama",
    timeout=260,
)
