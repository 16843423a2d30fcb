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
    timeout=180,  # room for the sign-in before the session (the steps themselves keep the time they had)
    auth=True,
    # `-p` does not sign in (a server that wants OAuth is left for `/mcp auth` in the terminal UI); the terminal UI
    # does at start, opening the browser (the harness's, through xdg-open) by itself. So the sign-in is the UI run
    # on a terminal (`script` gives it one) for a while, with no prompt, and `-p` then uses the tokens it stored
    sign_in=(
        step(
            "script -qfec '$bin --allow-all-tools --no-auto-update' /dev/null",
            timeout=30,
            may_fail=True,  # it runs until stopped
            COPILOT_OFFLINE="true",
            COPILOT_PROVIDER_BASE_URL="$model_url/v1",
            COPILOT_PROVIDER_API_KEY="dummy",
            COPILOT_MODEL="gpt-4o",
        ),
    ),
)
