"""Qwen Code (npm `@qwen-code/qwen-code`), a Gemini CLI fork: `qwen mcp list` health, `qwen -p` session with the
scripted model (harness/model.py) as its OpenAI-compatible endpoint, which has it call the probe's run_scenarios.

It has no sign-in command: its interactive mode signs in to a server that answers 401 on its own, opening the
browser (`$BROWSER`, the harness's), and only where it thinks a browser can be opened at all (on Linux, a display
named in DISPLAY, and CI unset, as on a desktop). The sign-in is that interactive mode on a terminal (`script`),
left with Ctrl-C twice once it is done; the token it stores is then used by the session."""

from ..context_checks import MODEL_TOOLS
from ..recipe import Context, Recipe, Step, step
from .gemini_cli import settings_in


def files(ctx: Context) -> dict[str, object]:
    written = dict(settings_in(".qwen", sse_by_type=False)(ctx))
    settings = written["$home/.qwen/settings.json"]
    assert isinstance(settings, dict)
    # MCP tools are otherwise deferred behind its tool_search / tool_call bridge, which the scripted model does
    # not use: the probe tools it calls are offered to the model from the start
    visible = [f"mcp__probe__{tool}" for tool in MODEL_TOOLS]
    written["$home/.qwen/settings.json"] = {**settings, "tools": {"visible": visible}}
    return written


OPENAI = {"OPENAI_API_KEY": "dummy", "OPENAI_BASE_URL": "$model_url/v1", "OPENAI_MODEL": "scripted"}
# Empty proxy variables: older releases (0.8.2) install a plain undici ProxyAgent from HTTPS_PROXY, which ignores
# NO_PROXY, so the sandbox's dead proxy would take their requests to the scripted model and the HTTP probe; the
# network namespace still gives the client loopback alone
EMPTY_PROXIES = {
    name: "" for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")
}
KEYS = r"sleep 30; printf '\003'; sleep 1; printf '\003'; sleep 3"
SIGN_IN = Step(
    ("sh", "-c", f"({KEYS}) | script -qfec '$bin --auth-type openai --approval-mode yolo' /dev/null"),
    timeout=45,
    # a desktop's terminal: a display, and not CI (the sandbox sets CI=1)
    env={**OPENAI, **EMPTY_PROXIES, "DISPLAY": ":0", "CI": ""},
    may_fail=True,
)

RECIPE = Recipe(
    id="qwen-code",
    package="npm:@qwen-code/qwen-code",
    bin="qwen",
    files=files,
    surfaces={"health": "mcp-list", "session": "session"},
    modes={
        "health": (step("$bin mcp list", timeout=60),),
        "session": (
            step(
                "$bin -p hi --auth-type openai --approval-mode yolo",
                timeout=90,
                may_fail=True,
                **OPENAI,
                **EMPTY_PROXIES,
            ),
        ),
    },
    model="openai",
    transports=("stdio", "http", "sse"),
    auth=True,
    sign_in=(SIGN_IN,),
)
