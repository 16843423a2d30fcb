"""OpenClaw (npm `openclaw`, Node >= 24.16): `openclaw mcp probe` connects as a real runtime session (health), and
`openclaw agent exec` runs one agent turn (session) with the scripted model (harness/model.py) as a custom
OpenAI-compatible provider, which has it call the probe's tools. `agent exec` needs no gateway; it keeps its
state in a temporary folder and calls MCP tools without asking. MCP tools reach the model only through OpenClaw's
tool-search bridge unless `tools.toolSearch` is off, which the scripted model needs (it calls tools by name)."""

import json
import shlex

from ..recipe import Context, Recipe, step


def server(ctx: Context) -> str:
    if ctx.transport == "stdio":
        return json.dumps({"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]})
    # a bare url means legacy SSE to OpenClaw: name the transport either way
    return json.dumps({"url": ctx.probe_url, "transport": "sse" if ctx.transport == "sse" else "streamable-http"})


# the probe as a server that signs in (`probe run --auth`): $probe_url is filled in when the step runs
SIGNING_IN = {"url": "$probe_url", "transport": "streamable-http", "auth": "oauth"}


def files(ctx: Context) -> dict[str, object]:
    model = {"id": "scripted", "name": "scripted", "reasoning": False, "input": ["text"], "contextWindow": 128000,
             "maxTokens": 4096}  # fmt: skip
    provider = {"baseUrl": f"{ctx.model_url}/v1", "apiKey": "dummy", "api": "openai-completions", "models": [model]}
    settings = {
        "models": {"mode": "replace", "providers": {"canimcp": provider}},
        "agents": {"defaults": {"model": {"primary": "canimcp/scripted"}}},
        "tools": {"toolSearch": False},
        "update": {"checkOnStart": False},
        "telemetry": {"enabled": False},
        "logging": {"file": str(ctx.home / "openclaw.log")},  # else a log under /tmp/openclaw
    }
    # written before setup's `mcp set`, which adds the probe to this file
    return {"$work/server.json": server(ctx), "$home/.openclaw/openclaw.json": settings}


RECIPE = Recipe(
    id="openclaw",
    package="npm:openclaw",
    bin="openclaw",
    node="24",
    files=files,
    setup={
        "stdio": (step("sh -c 'exec $bin mcp set probe \"$(cat $work/server.json)\"'"),),
        "http": (step("sh -c 'exec $bin mcp set probe \"$(cat $work/server.json)\"'"),),
        "sse": (step("sh -c 'exec $bin mcp set probe \"$(cat $work/server.json)\"'"),),
    },
    transports=("stdio", "http", "sse"),
    modes={
        "health": (step("$bin mcp probe probe --json", timeout=90),),
        "session": (step("$bin agent exec hi --json --timeout 120", timeout=150, may_fail=True),),
    },
    surfaces={"health": "agent-runtime", "session": "agent-runtime"},
    env={"OPENCLAW_NO_AUTO_UPDATE": "1"},
    auth=True,
    # its documented OAuth workflow: the server set with `auth: "oauth"`, then `openclaw mcp login`, which starts its
    # loopback callback and prints the authorization URL for a person to open (it opens no browser itself); the
    # person here is open_printed_link.py, which hands that URL to the harness's browser, and the tokens it stores
    # serve the mode's steps
    script="open_printed_link.py",  # used only by the sign-in step
    sign_in=(
        step(f"sh -c {shlex.quote(f'exec $bin mcp set probe {shlex.quote(json.dumps(SIGNING_IN))}')}"),
        step("python3 $script $bin mcp login probe", timeout=90),
    ),
    model="openai",
    timeout=240,
)
