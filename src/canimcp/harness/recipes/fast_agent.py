"""fast-agent (PyPI `fast-agent-mcp`, CLI `fast-agent`): a one-shot `fast-agent go` session with the probe as
the only configured server. Its built-in `passthrough` model needs no key and no network; a message starting
`***CALL_TOOL` makes it call that tool, so the run calls the probe's `run_scenarios` the way a model would, a
second session its `dropped_stream`, three more its `header_echo`, `header_invalid` and `header_number` (2026-07-28
only) and two its `task_tool` and `url_gate` (2025-11-25 only).
fast-agent has no status command that connects (`fast-agent check` only reads the configuration), so there is
no health mode.
With OAuth required (`--auth`) it signs in on its own when the probe answers 401 (no `auth` block in the
configuration means: start without a token, escalate to OAuth on a 401). It prints the authorization link rather
than opening a browser, so each session runs under open_printed_link.py, which hands the printed link to the
harness's browser as a person clicking it would (and without --auth just execs the command). Tokens go to the OS
keyring, which the sandbox has none of, so each session signs in anew. `fast-agent auth mcp login` is not used: it
refuses to run without a writable keyring."""

import json

from ...probe.fixtures import TASK_TOOL, URL_GATE_TOOL
from ..context_checks import ARGUMENTS
from ..recipe import Context, Recipe, step

# the 2026-07-28 header tools and the 2025-11-25 tools that must run as a task or wait for a URL elicitation, in the
# scripted model's order, each
# with its arguments as the message's JSON (only the era's own are listed, so the others' calls do not reach the probe)
LATE_CALLS = [
    (tool, json.dumps(ARGUMENTS.get(tool, {}), ensure_ascii=False, separators=(",", ":")))
    for tool in (*ARGUMENTS, TASK_TOOL, URL_GATE_TOOL)
]


def config(ctx: Context) -> str:
    if ctx.transport == "stdio":
        # JSON strings are YAML strings
        args = "".join(f"\n        - {json.dumps(a)}" for a in ctx.probe_argv[1:])
        server = f"    probe:\n      command: {json.dumps(ctx.probe_argv[0])}\n      args:{args}\n"
    else:  # `transport` names Streamable HTTP (`http`) or the legacy SSE transport (`sse`)
        server = f"    probe:\n      transport: {ctx.transport}\n      url: {json.dumps(ctx.probe_url)}\n"
    return "default_model: passthrough\nmcp:\n  servers:\n" + server


RECIPE = Recipe(
    id="fast-agent",
    package="pypi:fast-agent-mcp",
    bin="fast-agent",
    python="3.13",  # releases since 0.3 need Python 3.12 or newer
    files=lambda ctx: {"$work/fastagent.config.yaml": config(ctx)},
    transports=("stdio", "http", "sse"),
    modes={
        "session": (
            step(
                "python $script $bin go --config-path $work/fastagent.config.yaml --servers probe --model passthrough"
                " --message '***CALL_TOOL probe__run_scenarios {}'",
                timeout=60,
                may_fail=True,
            ),
            # a second session calls the tool whose stream the probe cuts (listed from 2025-11-25 on): does the
            # client come back for the answer?
            step(
                "python $script $bin go --config-path $work/fastagent.config.yaml --servers probe --model passthrough"
                " --message '***CALL_TOOL probe__dropped_stream {}'",
                timeout=45,
                may_fail=True,
            ),
            # 2026-07-28: are header_echo's arguments sent as Mcp-Param headers, and do calls of the tools whose
            # marking is invalid reach the probe (the tools were kept)? 2025-11-25: is task_tool called as a task,
            # and url_gate called again once its URL elicitation is complete?
            *(
                step(
                    "python $script $bin go --config-path $work/fastagent.config.yaml --servers probe"
                    f" --model passthrough --message '***CALL_TOOL probe__{name} {arguments}'",
                    timeout=45,
                    may_fail=True,
                )
                for name, arguments in LATE_CALLS
            ),
        )
    },
    script="open_printed_link.py",  # a wrapper that execs the command unless the run requires OAuth
    auth=True,
)
