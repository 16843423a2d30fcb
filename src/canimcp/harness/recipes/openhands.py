"""OpenHands CLI (PyPI `openhands`, All Hands AI's coding agent, command `openhands`): a headless one-shot task,
`openhands --headless --override-with-envs -t hi`, with the probe in the CLI's MCP file (`~/.openhands/mcp.json`, an
`mcpServers` map that FastMCP's config reader parses) and the scripted model (harness/model.py) as an
OpenAI-compatible LiteLLM model (`openai/…`) named by the LLM_* variables that `--override-with-envs` reads, so that
no saved agent settings are needed. `--headless` approves every action. The agent adds a required `security_risk`
choice to the tools it offers and refuses a call without it; the scripted model fills such required choices with
their first value. Its MCP client is the agent SDK's (`openhands-sdk`, pinned by the CLI), a FastMCP `Client` over
the official Python SDK, connected when the conversation starts. The CLI needs Python 3.12 exactly.
It has no status command that connects (`openhands mcp list` only reads the file), so there is no health mode.
What would reach out: LiteLLM's model price table, fetched from GitHub at import unless LITELLM_LOCAL_MODEL_COST_MAP
says to use the bundled copy (set here, which also spares its retries, six seconds per command); the CLI's update
check (PyPI, when its splash is drawn) and the SDK's clone of the public skills repository (GitHub, at every
conversation start) have no switch, and fail in the sandbox, which has no route out.
With OAuth required (`--auth`) the sign-in step replaces the server with the CLI's own `mcp add --auth oauth`, and
FastMCP's OAuth flow opens the harness's browser through Python's webbrowser module ($BROWSER)."""

from ..recipe import Context, Recipe, step

SESSION_ENV = {
    "LLM_MODEL": "openai/scripted",  # LiteLLM's OpenAI-compatible provider
    "LLM_API_KEY": "dummy",
    "LLM_BASE_URL": "$model_url/v1",
}


def mcp_file(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
        if ctx.transport == "stdio"
        else {"url": ctx.probe_url, "transport": ctx.transport}  # `http` or `sse`, as FastMCP names them
    )
    return {"$home/.openhands/mcp.json": {"mcpServers": {"probe": server}}}


RECIPE = Recipe(
    id="openhands",
    package="pypi:openhands",
    bin="openhands",
    python="3.12",  # releases require Python ==3.12.*
    files=mcp_file,
    modes={
        "session": (step("$bin --headless --override-with-envs -t hi", timeout=150, may_fail=True, **SESSION_ENV),),
    },
    model="openai",
    env={"LITELLM_LOCAL_MODEL_COST_MAP": "True", "OPENHANDS_SUPPRESS_BANNER": "1"},
    transports=("stdio", "http", "sse"),
    auth=True,
    sign_in=(
        step("$bin mcp remove probe"),
        step("$bin mcp add probe --transport http --auth oauth $probe_url"),
    ),
    timeout=240,
)
