"""Kimi Code (npm `@moonshot-ai/kimi-code`, Moonshot AI's coding agent, command `kimi`): a `kimi -p` session with the
probe in its user-level MCP file and the scripted model (harness/model.py) as an OpenAI-compatible model named by
its KIMI_MODEL_* variables. `-p` approves every tool call that no configured deny rule blocks. It has no status
command that connects to a server, so there is no health mode.
With OAuth required (`--auth`) a sign-in session comes first. Kimi Code signs in only from inside a session: a
server that answers 401 gets, in place of its tools, an `mcp__<server>__authenticate` tool that runs the OAuth
flow (its /mcp-config skill has the model call it), prints the authorization URL in `kimi -p` and stores the tokens
in its credential store. kimi_code_signin.py runs that session with a stand-in model that calls the tool and a
stand-in person who opens the printed URL in the harness's browser; the session after it connects with the stored
grant."""

from ..recipe import Context, Recipe, step

SESSION_ENV = {
    "KIMI_MODEL_NAME": "scripted",
    "KIMI_MODEL_API_KEY": "dummy",
    "KIMI_MODEL_PROVIDER_TYPE": "openai",
    "KIMI_MODEL_BASE_URL": "$model_url/v1",
    "KIMI_CODE_NO_AUTO_UPDATE": "1",  # no update check against its download site
    "KIMI_DISABLE_TELEMETRY": "1",
}


def mcp_file(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
        if ctx.transport == "stdio"
        else {"transport": ctx.transport, "url": ctx.probe_url}  # `http` or `sse`, as it names them
    )
    return {"$home/.kimi-code/mcp.json": {"mcpServers": {"probe": server}}}


RECIPE = Recipe(
    id="kimi-code",
    package="npm:@moonshot-ai/kimi-code",
    bin="kimi",
    node="22",  # 2.1.0 needs Node >= 22.19
    files=mcp_file,
    modes={
        "session": (step("$bin -p hi", timeout=90, may_fail=True, **SESSION_ENV),),
    },
    model="openai",
    transports=("stdio", "http", "sse"),
    script="kimi_code_signin.py",  # run only by the sign-in step
    script_helpers=("open_printed_link.py",),  # the sign-in script opens the printed link with it
    auth=True,
    # the wrapper points the session at its own stand-in model (the authenticate tool's caller)
    sign_in=(step("python3 $script $bin -p 'sign in to probe'", timeout=75, may_fail=True, **SESSION_ENV),),
    timeout=200,
)
