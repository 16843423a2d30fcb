"""Cline CLI (npm `cline`): `cline mcp add`, the scripted model (harness/model.py) as its OpenAI-compatible provider,
then a one-shot task, which calls MCP tools without asking (`--auto-approve` is on by default).

Over stdio its hand-written MCP client takes every message with a numeric id for the answer to its pending request
of that id, so the probe's `roots/list` (id 2, sent right after `initialized`) is taken as the answer to its
`tools/list` (also id 2): going by the code, none of the probe's tools reaches the model. Over Streamable HTTP it
uses the SDK's client, and the model gets the probe's tools (note cline-cli-takes-a-server-request-for-its-answer)."""

from ..recipe import Recipe, step

AUTH = step("$bin auth -p openai -k dummy -m scripted -b $model_url/v1", may_fail=True)

RECIPE = Recipe(
    id="cline",
    package="npm:cline",
    bin="cline",
    setup={
        "stdio": (step("$bin mcp add probe --yes -- $probe_argv"), AUTH),
        "http": (step("$bin mcp add probe --yes --transport http $probe_url"), AUTH),
        "sse": (step("$bin mcp add probe --yes --transport sse $probe_url"), AUTH),
    },
    transports=("stdio", "http", "sse"),
    # it leaves a hub daemon running: the sandbox's PID namespace ends it with the run
    modes={"session": (step("$bin 'say hi' -t 60", timeout=90, may_fail=True),)},
    surfaces={"session": "cli"},
    model="openai",
)
