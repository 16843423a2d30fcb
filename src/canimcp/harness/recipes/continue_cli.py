"""Continue CLI (npm `@continuedev/cli`, binary `cn`): a headless session with an MCP server in its config and the
scripted model (harness/model.py) as its OpenAI model, which has it call the probe's run_scenarios (`--auto`
allows the tool)."""

import json

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> str:
    if ctx.transport == "stdio":
        # JSON strings are YAML strings: numbers such as timeouts must stay text
        args = "".join(f"\n      - {json.dumps(a)}" for a in ctx.probe_argv[1:])
        server = f"  - name: probe\n    command: {json.dumps(ctx.probe_argv[0])}\n    args:{args}\n"
    else:
        # named, not left to its fallback (Streamable HTTP first, then SSE when that fails)
        kind = "sse" if ctx.transport == "sse" else "streamable-http"
        server = f"  - name: probe\n    type: {kind}\n    url: {ctx.probe_url}\n"
    return (
        "name: probe\nversion: 0.0.1\nschema: v1\nmodels:\n  - name: dummy\n    provider: openai\n    model: gpt-4o\n"
        f"    apiKey: dummy\n    apiBase: {ctx.model_url}/v1\nmcpServers:\n" + server
    )


RECIPE = Recipe(
    id="continue-cli",
    package="npm:@continuedev/cli",
    bin="cn",
    files=lambda ctx: {"$work/cfg.yaml": config(ctx)},
    modes={"session": (step("$bin -p hi --config $work/cfg.yaml --auto", timeout=90, may_fail=True),)},
    model="openai",
    transports=("stdio", "http", "sse"),
)
