"""Gemini CLI (npm `@google/gemini-cli`): `gemini mcp list` is its health check, `gemini -p` a session."""

from ..recipe import ConfigFiles, Context, Recipe, step


def settings_in(folder: str, sse_by_type: bool = True) -> ConfigFiles:
    """Settings with the probe as server `probe`, and the work folder trusted (else the server shows as
    "Disabled" and is never started); forks of Gemini CLI keep the same files under their own folder.
    `sse_by_type`: the legacy SSE transport is asked for with `type: sse` beside `url` (Gemini CLI, where a
    bare `url` means Streamable HTTP); else a bare `url` is SSE (Qwen Code, which kept the older meaning)."""

    def files(ctx: Context) -> dict[str, object]:
        server: dict[str, object]
        if ctx.transport == "stdio":
            server = {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
        elif ctx.transport == "sse":
            server = {"url": ctx.probe_url, "type": "sse"} if sse_by_type else {"url": ctx.probe_url}
        else:
            server = {"httpUrl": ctx.probe_url}
        return {
            f"$home/{folder}/settings.json": {"mcpServers": {"probe": server}},
            f"$home/{folder}/trustedFolders.json": {str(ctx.work): "TRUST_FOLDER", str(ctx.home): "TRUST_FOLDER"},
        }

    return files


def files(ctx: Context) -> dict[str, object]:
    written = dict(settings_in(".gemini")(ctx))
    settings = written["$home/.gemini/settings.json"]
    assert isinstance(settings, dict)
    # the API key's sign-in, named: with GOOGLE_GEMINI_BASE_URL set (the scripted model) it would pick "gateway",
    # which a non-interactive run refuses
    written["$home/.gemini/settings.json"] = {**settings, "security": {"auth": {"selectedType": "gemini-api-key"}}}
    return written


RECIPE = Recipe(
    id="gemini-cli",
    package="npm:@google/gemini-cli",
    bin="gemini",
    files=files,
    modes={
        "health": (step("$bin mcp list", timeout=60),),
        "session": (
            step(
                "$bin -p hi --approval-mode yolo --allowed-mcp-server-names probe",
                # its model router asks the model for a routing decision first and tries again while the answer
                # is not the JSON it expects: in the sandbox its five tries took about 90 s before the session
                # went on with the default model and offered it the tools (a whole session took 105 s)
                timeout=240,
                may_fail=True,
                GEMINI_API_KEY="dummy",
                GOOGLE_GEMINI_BASE_URL="$model_url",
            ),
        ),
    },
    model="gemini",
    transports=("stdio", "http", "sse"),
    timeout=300,
)
