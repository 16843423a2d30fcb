"""GitHub Copilot CLI (npm `@github/copilot`): `copilot mcp add`, then a `copilot -p` session whose model is the
scripted one (harness/model.py) as a bring-your-own-key OpenAI-compatible provider, in its offline mode."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="copilot-cli",
    package="npm:@github/copilot",
    bin="copilot",
    setup={
        "stdio": (step("$bin mcp add probe -- $probe_argv", timeout=60),),
        "http": (step("$bin mcp add --transport http probe $probe_url", timeout=60),),
        "sse": (step("$bin mcp add --transport sse probe $probe_url", timeout=60),),
    },
    transports=("stdio", "http", "sse"),
    modes={
        "session": (
            step(
                "$bin -p hi --allow-all-tools --no-auto-update",
                timeout=90,
                may_fail=True,
                COPILOT_OFFLINE="true",  # no GitHub sign-in, telemetry or update check: the custom provider only
                COPILOT_PROVIDER_BASE_URL="$model_url/v1",
                COPILOT_PROVIDER_API_KEY="dummy",
                COPILOT_MODEL="gpt-4o",
            ),
        ),
    },
    model="openai",
)
