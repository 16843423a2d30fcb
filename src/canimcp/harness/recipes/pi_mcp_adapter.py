"""pi-mcp-adapter (npm `pi-mcp-adapter`, Nico Bailon's MCP extension for the Pi coding agent, on the TypeScript SDK
2.0.0's `@modelcontextprotocol/client`): Pi in print mode (`pi -p`, one prompt, the answer printed) with the adapter
installed as a Pi package, the probe in the working folder's `.mcp.json` (the README's preferred project file) and
the scripted model (harness/model.py) as a custom OpenAI-compatible provider (`api: "openai-completions"`) in
`~/.pi/agent/models.json`, chosen with `--model scripted/scripted`.

Pi itself is an extra package, because the adapter is what the runs are about and Pi only hosts it: the adapter
names no Pi release as a dependency (its Pi peers are optional), and users install Pi first and then run `pi install
npm:pi-mcp-adapter`. Pi moved from `@mariozechner/pi-coding-agent` (last release 0.73.1) to
`@earendil-works/pi-coding-agent`, whose newest release, 1.6.0, is pinned here; the adapter imports the new name
(its optional Pi peers are of that line, `@earendil-works/pi-ai` 0.84 to 0.86; 1.6.0's is newer, so npm nests it
inside Pi's folder instead of at the top; the adapter loaded and ran), so the old name was not tried. Pi 1.x has MCP
support of its own (built-in since 0.99.0), which an extension that registers `/mcp`, as the adapter does, replaces:
the adapter alone reads the configuration and connects (Pi prints a warning saying so). Pi 1.6.0 needs Node >=
22.19.

The install step runs `pi install` with the path of the adapter that the harness installed from npm, not
`npm:pi-mcp-adapter`, which would make Pi run npm against the registry at run time (the sandbox has no network);
Pi loads a local package in place, from the same files.

Defaults otherwise: the server has no `lifecycle`, `directTools` or `protocolVersion`, so its tools sit behind the
adapter's one `mcp` gateway tool, which the scripted model drives as a model would (it lists the server's tools with
`mcp({server})` and calls each with `mcp({tool, args})`: harness/gateway_tools.py), and the adapter speaks the
2025-11-25 handshake (its default negotiation, `legacy`). With no metadata cache yet (a fresh HOME), the adapter
connects every configured server when Pi starts, to fill the cache; later starts would connect at the first call.
No `approveTools` is set, so calls run without asking. Print mode has no UI, so the adapter declares neither
sampling nor elicitation. An `sse` run gives it the probe's `/sse` URL: a Streamable HTTP POST there is refused
(405), and the adapter falls back to the legacy transport, as its README says it does for any URL.

Pi's interactive terminal UI, where the adapter declares sampling and elicitation and answers them through dialogs, is
not a harness mode (a recipe has one session); the reports of it were made by hand in this recipe's sandbox with
harness/scripts/pi_mcp_adapter_tui.py, which types into Pi on a pseudo-terminal and answers each dialog."""

from ..recipe import Context, Recipe, Step, step
from .pi import probe_entry, scripted_models

PI = "@earendil-works/pi-coding-agent@1.6.0"  # the newest release of the host the adapter is loaded into


def files(ctx: Context) -> dict[str, object]:
    return {
        "$work/.mcp.json": {"mcpServers": {"probe": probe_entry(ctx)}},
        "$home/.pi/agent/models.json": scripted_models(ctx),
    }


# `pi install <the adapter's folder in this install>`: the folder beside the `pi` executable's node_modules/.bin
INSTALL = Step(("sh", "-c", 'exec "$0" install "$(dirname "$0")/../pi-mcp-adapter"', "$bin"), timeout=60)

RECIPE = Recipe(
    id="pi-mcp-adapter",
    package="npm:pi-mcp-adapter",
    bin="pi",
    node="22",
    extra_packages=(PI,),
    files=files,
    setup={"stdio": (INSTALL,), "http": (INSTALL,), "sse": (INSTALL,)},
    surfaces={"session": "print"},
    modes={"session": (step("$bin -p --no-session --model scripted/scripted hi", timeout=120, may_fail=True),)},
    model="openai",
    transports=("stdio", "http", "sse"),
    timeout=180,
)
