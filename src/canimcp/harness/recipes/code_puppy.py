"""Code Puppy (PyPI `code-puppy`, command `code-puppy`, also `pup`): a coding agent for the terminal built on Pydantic
AI, whose MCP servers are Pydantic AI `MCPToolset`s on FastMCP's client. Its session is the one-shot prompt,
`code-puppy -p hi --model scripted`, on the scripted model (harness/model.py) as a `custom_openai` model of its
`extra_models.json` (Chat Completions at `$model_url/v1`, a placeholder key).

A server is an entry of `mcp_servers.json` in its configuration folder (`~/.code_puppy`, or `code_puppy` under
XDG_CONFIG_HOME when that is set, as in the sandbox): `"type": "stdio"` with a command, `"http"` (Streamable HTTP)
or `"sse"` with a URL, as the examples of its `/mcp install` form show. An entry with no `type` is read as SSE, which
is why the files are written here and not with the `--setup mcp add` command its setup plugin documents: that command
writes no `type`, so a command entry fails validation ("SSE server requires 'url'") and a URL entry is connected as
SSE. A server reaches an agent only when bound to it: the setup command's `--setup mcp bind code-puppy probe` (a
setup step; its README shows the same binding as `--bind` on `mcp add`) binds it to the default agent with
auto-start, so `-p` starts it before the turn. MCP tool calls have no approval step (its yolo mode, on by default,
is about shell commands and file edits). `puppy.cfg` names the puppy and its owner, which it would otherwise ask for
on its first start.

There is no status command that connects (`/mcp status` reports the manager's state, `/mcp start` only schedules a
start), so only sessions are recorded. With OAuth required (`--auth`) the sign-in step (code_puppy_oauth.py) marks
the entry `"auth": "oauth"`, the key a user types into the entry's JSON (no command of 0.0.946 writes it: the HTTP
wizard that asks about browser sign-in is opened by none); FastMCP's OAuth then signs in as the server starts,
through the harness's browser ($BROWSER, via Python's webbrowser module)."""

from ..recipe import Context, Recipe, step

CONFIG = "$home/.config/code_puppy"


def files(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"type": "stdio", "command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
        if ctx.transport == "stdio"
        else {"type": ctx.transport, "url": ctx.probe_url}  # `http` (Streamable HTTP) or `sse`
    )
    model = {
        "type": "custom_openai",
        "name": "scripted",
        "custom_endpoint": {"url": f"{ctx.model_url}/v1", "api_key": "dummy"},
        "context_length": 128000,
    }
    return {
        f"{CONFIG}/puppy.cfg": "[puppy]\npuppy_name = Puppy\nowner_name = canimcp\n",
        f"{CONFIG}/mcp_servers.json": {"mcp_servers": {"probe": server}},
        "$home/.local/share/code_puppy/extra_models.json": {"scripted": model},
    }


BIND = (step("$bin --setup mcp bind code-puppy probe", timeout=60),)

RECIPE = Recipe(
    id="code-puppy",
    package="pypi:code-puppy",
    bin="code-puppy",
    files=files,
    setup={"stdio": BIND, "http": BIND, "sse": BIND},
    surfaces={"session": "prompt"},
    modes={"session": (step("$bin -p hi --model scripted", timeout=120, may_fail=True),)},
    model="openai",
    transports=("stdio", "http", "sse"),
    script="code_puppy_oauth.py",  # the sign-in step's edit of mcp_servers.json
    auth=True,  # `"auth": "oauth"` on an HTTP entry: FastMCP's OAuth, which opens $BROWSER
    sign_in=(step(f"python3 $script {CONFIG}/mcp_servers.json probe", timeout=30),),
    timeout=240,
)
