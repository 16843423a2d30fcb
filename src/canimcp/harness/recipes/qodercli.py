"""Qoder CLI (npm `@qoder-ai/qodercli`), Alibaba's Qoder coding agent in the terminal: `qodercli mcp list` health,
and a `qodercli -p` session with the probe as the one server of `--mcp-config` (with `--strict-mcp-config`).

No scripted model: every model, a custom provider's included, goes through a Qoder account. A custom provider is
used only when Qoder's service says the signed-in account may (its user status's `allow_byok` switch at 2 or more;
the local override, QODER_BYOK_OVERRIDE_ORG, counts only for a signed-in Alibaba staff address), so nothing here can
stand in for the model. Signed out, the print session still connects its MCP servers first, then prints "Not logged
in · Please run /login" and leaves about nine seconds later, closing the connection; the recipe gives it no sign-in,
placeholder or other. `mcp list` connects each configured server once with a test client of its own.

A `-p` session signs in by itself to a server that answers 401 only where that server's configuration turns its
`oauth` on (otherwise it offers its model an authenticate tool): it then registers and asks on the terminal whether
to open the browser. In `--auth` runs a sign-in step does that with a copy
of the configuration that has `oauth.enabled` (scripts/qodercli_sign_in.py answers the question on a pseudo-terminal,
since `-p` takes piped input as part of its prompt); the mode's own run, with the plain configuration, then connects
with the token it stored (`mcp list` too).

The package's own code is JavaScript; its native parts (sharp, a clipboard module, ripgrep) come as prebuilt npm
packages, and its postinstall only looks for ripgrep and writes the `qoder` entry point under the fresh HOME: nothing
comes from outside the registry."""

import shlex
import sys
from pathlib import Path

from ..recipe import Context, Recipe, step

SIGN_IN = Path(__file__).resolve().parent.parent / "scripts" / "qodercli_sign_in.py"  # the person at its terminal


def files(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"type": "stdio", "command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]} if ctx.transport == "stdio"
        else {"type": ctx.transport, "url": ctx.probe_url}  # `http` or `sse`, as its `mcp add --transport` names them
    )  # fmt: skip
    signing_in = {**server, "oauth": {"enabled": True}}  # its switch for signing in when a server answers 401
    return {
        "$work/mcp.json": {"mcpServers": {"probe": server}},
        "$work/mcp-sign-in.json": {"mcpServers": {"probe": signing_in}},
    }


RECIPE = Recipe(
    id="qodercli",
    package="npm:@qoder-ai/qodercli",
    bin="qodercli",
    files=files,
    setup={
        "stdio": (step("$bin mcp add -s user probe -- $probe_argv", timeout=60),),
        "http": (step("$bin mcp add -s user --transport http probe $probe_url", timeout=60),),
        "sse": (step("$bin mcp add -s user --transport sse probe $probe_url", timeout=60),),
    },
    transports=("stdio", "http", "sse"),
    # the health mode's surface follows from the clientInfo name: `mcp list` sends its own, while the sign-in step of
    # an `--auth` run (a `-p` session, recorded in either mode) sends the session's
    surfaces={"session": "print"},
    modes={
        "health": (step("$bin mcp list", timeout=60),),
        "session": (
            # signed out it connects its servers, then exits non-zero with "Not logged in · Please run /login"
            step("$bin -p hi --mcp-config $work/mcp.json --strict-mcp-config", timeout=90, may_fail=True),
        ),
    },
    auth=True,
    sign_in=(
        step(
            f"{shlex.quote(sys.executable)} {shlex.quote(str(SIGN_IN))} "
            "$bin -p hi --mcp-config $work/mcp-sign-in.json --strict-mcp-config",
            timeout=100,
            may_fail=True,
        ),
    ),
)
