"""Hermes Agent (PyPI `hermes-agent`, Nous Research's terminal agent, command `hermes`): `hermes mcp test probe`
health and a one-shot `hermes -z hi` session on the scripted model (harness/model.py) as the `custom` provider of its
config (an OpenAI-compatible `base_url`, Chat Completions), with the probe as the one entry of `mcp_servers` in
`~/.hermes/config.yaml`: a `command` and `args`, or a `url` (Streamable HTTP), with `transport: sse` for the legacy
transport. `-z` approves every tool call by itself (it sets Hermes' yolo mode for the call).

The MCP client is not in a default install: `tools/mcp_tool.py` imports the Python SDK lazily and turns itself off
when it is missing, and the package's own install instructions name the `mcp` extra (which pins `mcp==1.26.0`), so
the recipe installs `hermes-agent[mcp]` at the same version beside it (`extra_packages`).

Sign-in: a server entry with `auth: oauth` signs in through the SDK's OAuth provider, starting the flow only where
it thinks a person is there (stdin a terminal, or tokens already stored) and opening the browser only where it sees a
display (on Linux, DISPLAY or WAYLAND_DISPLAY); `hermes mcp login probe` on a terminal that `script` provides, with
DISPLAY set and the harness's `$BROWSER`, is that person."""

import json

from ..recipe import Context, Recipe, Step, step


def config(ctx: Context) -> str:
    model = {"provider": "custom", "default": "scripted", "base_url": f"{ctx.model_url}/v1", "api_key": "dummy"}
    server: dict[str, object]
    if ctx.transport == "stdio":
        server = {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
    else:
        server = {"url": ctx.probe_url}
        if ctx.transport == "sse":
            server["transport"] = "sse"
    # JSON is YAML: the config as its docs show it, written without a YAML library
    return json.dumps({"model": model, "mcp_servers": {"probe": server}}, indent=2) + "\n"


def auth_config(ctx: Context) -> str:
    cfg = json.loads(config(ctx))
    cfg["mcp_servers"]["probe"]["auth"] = "oauth"
    return json.dumps(cfg, indent=2) + "\n"


def files(ctx: Context) -> dict[str, object]:
    return {"$home/.hermes/config.yaml": config(ctx), "$home/.hermes/config-auth.yaml": auth_config(ctx)}


# what `-z` sets for itself (no shell-hook consent prompt); this config has no shell hooks, so it changes nothing
QUIET = {"HERMES_ACCEPT_HOOKS": "1"}
# an --auth run: the server entry gains `auth: oauth` (the shape `hermes mcp add --auth oauth` writes), then
# `hermes mcp login probe` runs on a terminal with a display, as a person at a desktop would
SIGN_IN = (
    Step(("cp", "$home/.hermes/config-auth.yaml", "$home/.hermes/config.yaml")),
    Step(
        ("sh", "-c", "sleep 40 | script -qfec '$bin mcp login probe' /dev/null"),
        timeout=60,
        env={"DISPLAY": ":0", "CI": ""},
        may_fail=True,
    ),
)

RECIPE = Recipe(
    id="hermes-agent",
    package="pypi:hermes-agent",
    bin="hermes",
    extra_packages=("hermes-agent[mcp]==$version",),  # the MCP client needs the SDK, which only the extra brings
    files=files,
    surfaces={"health": "mcp-test", "session": "oneshot"},
    modes={
        "health": (step("$bin mcp test probe", timeout=90, may_fail=True, **QUIET),),
        "session": (step("$bin -z hi", timeout=180, may_fail=True, **QUIET),),
    },
    model="openai",
    transports=("stdio", "http", "sse"),
    auth=True,
    sign_in=SIGN_IN,
)
