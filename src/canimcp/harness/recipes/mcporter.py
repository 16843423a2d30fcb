"""MCPorter (npm `mcporter`, Peter Steinberger's CLI and TypeScript runtime for calling MCP servers, now under the
openclaw organisation; a product of its own, not OpenClaw's agent runtime, which is the `openclaw` recipe). It has no
model: a person, or an agent through its shell, lists a server's tools and calls them one command at a time. Its MCP
client is the TypeScript SDK 1.x `Client`, made with a name and version only.

The probe is the server `probe` of the project config, `config/mcporter.json` in the working folder (the file mcporter
reads first when no `--config` is given), in the Cursor/Claude shape its README shows: `command`/`args`, or a
`baseUrl`. Health is `mcporter list`, the overview that connects to every configured server and reports its state.
The session (mcporter_session.py) is the README's commands, each a process and a connection of its own (the probe is
not one of the servers mcporter keeps alive in its daemon): `list probe`, `call probe.echo text=hi`, `run_scenarios`
until done, the failing and structured tools, `resource` list and read, the probe's tools of one era, `show_view`, a
slow call with `--timeout`, and `dropped_stream`.

Transports: stdio, and a URL, which is Streamable HTTP first; when that attempt fails for any reason but a sign-in, it
connects again with the SDK's legacy HTTP+SSE client (`runtime/transport.js`). There is no setting that chooses SSE
(`config add --transport sse` only checks that the target is a URL, and `--sse` is another name for `--http-url`), so
the `sse` runs give it the probe's `/sse` URL, as a user with such a server would, and the Streamable HTTP POST there
is refused first.

Sign-in: `mcporter auth probe`, its documented login command, lists the tools with sign-in allowed, so the probe's
401 switches the server to OAuth: it registers, opens the browser through xdg-open (and so the harness's $BROWSER),
takes the code on its loopback callback and keeps the tokens in `~/.mcporter/credentials.json`, which the later
commands read (`call` and `resource` would also sign in on a 401; `list` does not).

Node: its releases from 0.10.2 on need Node >= 24 (`engines`; on an older Node npm would install 0.9.0 instead)."""

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
        if ctx.transport == "stdio"
        else {"baseUrl": ctx.probe_url}
    )
    return {"$work/config/mcporter.json": {"mcpServers": {"probe": server}}}


RECIPE = Recipe(
    id="mcporter",
    package="npm:mcporter",
    bin="mcporter",
    node="24",
    files=config,
    transports=("stdio", "http", "sse"),
    modes={
        "health": (step("$bin list", timeout=60),),
        "session": (step("python3 $script $bin", timeout=240),),
    },
    script="mcporter_session.py",
    script_helpers=("late_calls.py", "scenario_calls.py"),
    auth=True,
    sign_in=(step("$bin auth probe", timeout=90),),
    timeout=300,
)
