"""Qwen Code (npm `@qwen-code/qwen-code`), a Gemini CLI fork: `qwen mcp list` health, `qwen -p` session with the
scripted model (harness/model.py) as its OpenAI-compatible endpoint, which has it call the probe's run_scenarios."""

from ..context_checks import MODEL_TOOLS
from ..recipe import Context, Recipe, step
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
                OPENAI_API_KEY="dummy",
                OPENAI_BASE_URL="$model_url/v1",
                OPENAI_MODEL="scripted",
            ),
        ),
    },
    model="openai",
    transports=("stdio", "http", "sse"),
)
