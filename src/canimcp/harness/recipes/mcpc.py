"""mcpc (npm `@apify/mcpc`, Apify's "universal" MCP command-line client; no model of its own). Every MCP command
goes through a named session: `mcpc connect <server> @name` starts a background bridge process that holds the
connection (the TypeScript SDK 1.x `Client`), and each later `mcpc @name <command>` is a short process that asks
the bridge over a Unix socket. The session here is what its README walks through: connect, show the server (its
instructions), list and call tools, read resources and templates, subscribe, get a prompt, set the log level, ping,
call the task-only tool with `--task`, hold the session while the probe's requests and list changes play out on
the bridge, and close it (which ends the bridge).

Transports: a stdio server is an entry of a standard `mcpServers` config file (`file.json:entry`), a URL is
Streamable HTTP; the README says the legacy HTTP+SSE transport is not supported, and the package has no SSE client.
The CLI has no status command that connects on its own (`mcpc` alone lists stored sessions), so only sessions are
recorded.

Sign-in: `mcpc login URL` discovers, registers, and opens the browser through `xdg-open` (and so the harness's
$BROWSER); it asks for Enter first only on a terminal, and the steps have none. The token goes to the OS keychain,
or, with no keyring daemon (as in the sandbox), to `~/.mcpc/credentials.json`; `connect` then uses that default
profile."""

from ..recipe import Context, Recipe, Step, step


def config(ctx: Context) -> dict[str, object]:
    return {"$work/mcp.json": {"mcpServers": {"probe": {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}}}}


def session(target: str, *extra: Step) -> tuple[Step, ...]:
    """connect, the README's commands one by one, then hold and close"""
    return (
        step(f"$bin connect {target} @probe", timeout=60),
        # the three lists first, so that the probe's list changes (sent once each kind was listed, or after its
        # answer timeout of 3 s) find them listed
        step("$bin @probe tools-list --full", may_fail=True),
        step("$bin @probe resources-list", may_fail=True),
        step("$bin @probe prompts-list", may_fail=True),
        step("$bin @probe", may_fail=True),  # the server's info and instructions
        step("$bin @probe tools-call echo text:=hi", may_fail=True),
        step("$bin @probe tools-call failing_tool", may_fail=True),
        step("$bin @probe tools-call structured_result", may_fail=True),
        step("$bin @probe resources-templates-list", may_fail=True),
        step("$bin @probe resources-read probe://static/hello", may_fail=True),
        step("$bin @probe resources-subscribe probe://static/hello", may_fail=True),
        step("$bin @probe prompts-get probe_prompt topic:=roots", may_fail=True),
        step("$bin @probe logging-set-level debug", may_fail=True),
        step("$bin @probe ping", may_fail=True),
        # the 2025-11-25 tools: one a server runs only as a task, one refused until a URL elicitation is done
        step("$bin @probe tools-call task_tool --task", timeout=30, may_fail=True),
        step("$bin @probe tools-call url_gate", timeout=30, may_fail=True),
        *extra,
        # the probe's requests and its three list changes go to the bridge while the session is open
        step("sleep 20", timeout=30),
        step("$bin @probe", may_fail=True),
        step("$bin @probe close", may_fail=True),
    )


RECIPE = Recipe(
    id="mcpc",
    package="npm:@apify/mcpc",
    bin="mcpc",
    files=config,
    transports=("stdio", "http"),
    modes={
        "session": {
            # a call that outlives its `--timeout`: the bridge's client gives up on it and should say so with
            # notifications/cancelled (on stdio only: the HTTP runs were made before this step was added)
            "stdio": session(
                "$work/mcp.json:probe",
                step("$bin @probe tools-call slow_task seconds:=10 --timeout 2", timeout=30, may_fail=True),
            ),
            # the call whose stream the probe cuts: does the bridge come back for the answer?
            "http": session("$probe_url", step("$bin @probe tools-call dropped_stream", timeout=30, may_fail=True)),
        }
    },
    auth=True,
    sign_in=(step("$bin login $probe_url", timeout=60),),
    timeout=240,
)
