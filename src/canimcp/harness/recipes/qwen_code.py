"""Qwen Code (npm `@qwen-code/qwen-code`), a Gemini CLI fork: `qwen mcp list` health, `qwen -p` session."""

from ..recipe import Recipe, step
from .gemini_cli import settings_in

RECIPE = Recipe(
    id="qwen-code",
    package="npm:@qwen-code/qwen-code",
    bin="qwen",
    files=settings_in(".qwen"),
    modes={
        "health": (step("$bin mcp list", timeout=60),),
        "session": (
            step(
                "$bin -p hi --auth-type openai",
                timeout=60,
                may_fail=True,
                OPENAI_API_KEY="dummy",
                OPENAI_BASE_URL="http://127.0.0.1:9/v1",
                OPENAI_MODEL="dummy",
            ),
        ),
    },
)
