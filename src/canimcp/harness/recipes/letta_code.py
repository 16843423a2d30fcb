"""Letta Code (the `letta` command, Letta's terminal agent), installed from PyPI: from 0.32.13 the PyPI name `letta`
carries it as platform wheels that bundle the app (`letta_code/_payload/app/letta.js`) and the Node.js it runs on
(`_payload/bin/node`, 22.19.0 in 0.34.12); the `letta` entry point starts that Node, never the system one. npm's
`@letta-ai/letta-code` stops at 0.32.18, and a default npm install of it fails here (it pins
`@janhapke/sharp-electron` 0.35.3-electron.1, which the registry lacks), so the recipe uses PyPI. Releases of
`letta` before 0.32.13 are the Letta server, another product: the recipe names npm as the package and PyPI as the
name it took from 0.32.13 on (`renamed`), so that `letta-code` alone and any release from 0.32.13 install the wheel,
and an earlier release is looked up on npm and never installs the server (no release before 0.32.13 was run here).

It runs without a Letta account on its local backend (`--backend local`). Its MCP client serves the servers stored
per agent in ~/.letta/settings.json, which `/mcp add` (a command of the interactive UI) writes; the agent reaches their
tools only through its shell, with `letta mcp search|tools|schema|call`, each command a new process and a new MCP
connection. letta_code_client.py creates a local agent and stores the probe for it in that shape, then runs, for
health, the look-up commands as the agent's shell would (`mcp tools`, `mcp search`, `mcp schema`), and for the
session, one headless turn (`letta -p`) on the scripted model, connected as the OpenAI-compatible provider that
`letta connect openai-compatible --base-url` sets up (its model list at `/v1/models`, its turns over Chat
Completions); the model reaches the probe's tools by running `letta mcp tools` and `letta mcp call` in the agent's
`Bash` tool (harness/shell_tools.py); Letta Code's default permission mode, `unrestricted`, allows every tool. All
three transports `/mcp add` offers: stdio, `--transport http` (Streamable HTTP) and `--transport sse`. No `auth`: the
sign-in runs only in the interactive /mcp UI and cannot keep its tokens under Node (the support file's auth.oauth)."""

from ..recipe import Recipe, Step, Transport, step

CLIENT = "python3 $script {mode} $transport {target}"


def _steps(mode: str, timeout: float) -> dict[Transport, tuple[Step, ...]]:
    targets: tuple[tuple[Transport, str], ...] = (
        ("stdio", "$probe_argv_json"),
        ("http", "$probe_url"),
        ("sse", "$probe_url"),
    )
    return {
        transport: (step(CLIENT.format(mode=mode, target=target), timeout=timeout),) for transport, target in targets
    }


RECIPE = Recipe(
    id="letta-code",
    package="npm:@letta-ai/letta-code",
    renamed=("0.32.13", "pypi:letta"),  # PyPI's `letta` before 0.32.13 is the Letta server
    bin="letta",
    modes={"health": _steps("health", 120), "session": _steps("session", 420)},
    transports=("stdio", "http", "sse"),
    script="letta_code_client.py",
    model="openai",
    timeout=480,
)
