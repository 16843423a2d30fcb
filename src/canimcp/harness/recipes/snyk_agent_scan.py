"""Snyk Agent Scan (PyPI `snyk-agent-scan`, formerly Invariant Labs' `mcp-scan`, whose last release is a redirect
to it; command `snyk-agent-scan`): a security scanner that reads the MCP configurations of agents on the machine,
connects to every server in them and fetches what they offer (prompts, resources, resource templates, tools), then
either prints that (`inspect`) or sends it to Snyk's analysis service (`scan`, the default command). No model.

It is driven the way its README shows, with an explicit config file of the common `mcpServers` shape (a `command`
and `args`; a `url`, with `"type": "sse"` for the legacy transport, since a URL alone means Streamable HTTP first)
and `--dangerously-run-mcp-servers`, the documented switch for runs without a person to answer its per-server y/n
consent prompt (without it `inspect` asks on stdin, and a step's empty stdin declines every server). Over stdio two
more steps: `inspect` with no path, which finds the probe in Cursor's `~/.cursor/mcp.json` in the fresh HOME as it
finds any agent's config (the auto-discovery a bare `snyk-agent-scan` does), and `scan` on the same file with no
SNYK_TOKEN: it connects exactly as `inspect` does and then stops at the missing token before any request to Snyk
(nothing in the sandbox could reach it anyway). No run gives it a token.

Each connection is one `ClientSession` of the Python SDK 1.30.0 that the release pins (`mcp[cli]==1.30.0`), opened
with no callbacks and no clientInfo, closed after the lists; every attempt is bounded by `--server-timeout` (10 s by
default). A remote entry is tried at up to six URL and transport pairs in turn until one works: for `"type": "sse"`
the legacy transport at `<base>/mcp` and `<base>`, then Streamable HTTP at both, and SSE at `<base>/sse` only fifth.
The probe answers Streamable HTTP at `/mcp`, so the SSE run's connection is a Streamable HTTP one; the report made by
hand with `/mcp` and `/` answering 404 (`snyk-agent-scan-0.6.9-sse-only-0`) shows the legacy transport itself.

Sign-in: none of its own. A remote server can be given OAuth tokens obtained elsewhere (`--mcp-oauth-tokens-path`),
but its redirect and callback handlers refuse to run a flow, so there is no `--auth` run."""

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, object]:
    server: dict[str, object]
    if ctx.transport == "stdio":
        server = {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
    elif ctx.transport == "http":
        server = {"url": ctx.probe_url}
    else:
        server = {"url": ctx.probe_url, "type": "sse"}
    servers = {"mcpServers": {"probe": server}}
    # the explicit file, and Cursor's user config, which a bare `inspect` finds in HOME
    return {"$work/mcp.json": servers, "$home/.cursor/mcp.json": servers}


INSPECT = "$bin inspect $work/mcp.json --dangerously-run-mcp-servers"

RECIPE = Recipe(
    id="snyk-agent-scan",
    package="pypi:snyk-agent-scan",
    bin="snyk-agent-scan",
    files=config,
    transports=("stdio", "http", "sse"),
    modes={
        "session": {
            "stdio": (
                step(INSPECT),
                # auto-discovery: every known agent's config under HOME (here only Cursor's)
                step("$bin inspect --dangerously-run-mcp-servers"),
                # the default command: the same connection, then it stops for want of SNYK_TOKEN (exit code not 0)
                step("$bin scan $work/mcp.json --dangerously-run-mcp-servers", may_fail=True),
            ),
            "http": (step(INSPECT, timeout=90),),
            # a remote entry is tried at up to six URL/transport pairs, each bounded by its 10-second timeout
            "sse": (step(INSPECT, timeout=90),),
        }
    },
)
