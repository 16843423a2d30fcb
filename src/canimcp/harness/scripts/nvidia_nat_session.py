"""A user's commands with the NeMo Agent Toolkit CLI (`nat mcp client ...`), one at a time, as its MCP client page
shows them:

    python3 nvidia_nat_session.py NAT MODE TRANSPORT TARGET...

MODE `health` is `nat mcp client ping`, its health check; MODE `session` is `nat mcp client tool list` and `nat mcp
client tool call TOOL --json-args JSON` for each tool a user would try. TARGET is the probe's URL (`--url`, with
`--transport sse` for the legacy transport; Streamable HTTP is the CLI's default) or, over stdio, the probe's command
line, which the CLI takes as `--command CMD --args "ARG ..."` (the arguments as one string that it splits at spaces).
No `--direct`: the page's commands go through the toolkit's `mcp_client` function group, the code a workflow uses.
Each command is a process of its own that connects, does its one thing and leaves, so each is a connection of its own.
With CANIMCP_AUTH=1 each command over Streamable HTTP gets `--auth`, the page's flag for a protected server (the CLI
takes it for Streamable HTTP only; the recipe does not sign in: in 1.9.0 that flow stops before the token exchange).

The calls: `echo`, `run_scenarios` until its result reads as done (scenario_calls.py), the failing and the structured
tool, the probe's tools of one era where listed (late_calls.py), `show_view`, and last, where listed,
`dropped_stream` (does it come back for a stream the probe cuts?). Each command and the start of what it printed go to
stderr, where the harness keeps a run's output."""

import asyncio
import json
import os
import re
import shlex
import subprocess
import sys
from typing import Any

from late_calls import call_late  # beside this script (the recipe's script_helpers)
from scenario_calls import call_until_done

NAT, MODE, TRANSPORT, TARGET = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
ADDED = re.compile(r"Adding tool (\S+) to group")  # the function group's log line for each tool it makes
# what every command logs whatever it does (a plugin of nvidia-nat-core that needs langchain_core, each tool made a
# function, deprecation warnings, traceback frames), left out of what this script prints
NOISE = re.compile(
    r"Adding tool|input_schema for multi|Deprecat|deprecated|nat_tools|langchain_core|^\s*(\||File |\^|from |It will)"
)


def server_options() -> list[str]:
    """How the CLI is told where the server is."""
    if TRANSPORT == "stdio":
        return ["--transport", "stdio", "--command", TARGET[0], "--args", " ".join(TARGET[1:])]
    auth = ["--auth"] if os.environ.get("CANIMCP_AUTH") == "1" else []
    if TRANSPORT == "sse":
        return ["--transport", "sse", "--url", TARGET[0]]
    return ["--url", TARGET[0], *auth]  # streamable-http is the default transport


def nat(*args: str, timeout: float = 120) -> str:
    """One command as typed in a shell; what it printed (stdout, then stderr) comes back."""
    argv = [NAT, "mcp", "client", *args, *server_options()]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
        out, err, code = done.stdout, done.stderr, str(done.returncode)
    except subprocess.TimeoutExpired as exc:
        out, err = (x.decode(errors="replace") if isinstance(x, bytes) else x or "" for x in (exc.stdout, exc.stderr))
        code = f"stopped after {timeout:g} s"
    shown = "\n".join(line for line in err.splitlines() if not NOISE.search(line))
    print(f"$ nat {shlex.join(argv[1:])}  [exit {code}]\n{out[:1500]}\n{shown[-1500:]}", file=sys.stderr, flush=True)
    return out + err


async def call(tool: str, arguments: dict[str, Any] | None = None, timeout: float = 120) -> str:
    words = ("--json-args", json.dumps(arguments)) if arguments else ()
    return await asyncio.to_thread(nat, "tool", "call", tool, *words, timeout=timeout)


async def main() -> None:
    if MODE == "health":
        nat("ping")
        return
    listing = nat("tool", "list")
    # the names it prints, or, where the command failed after listing (over stdio it does when the server sends a
    # message as it leaves), the names its log showed as it made each tool a function
    listed = {line.strip() for line in listing.splitlines() if line.strip().isidentifier()}
    listed |= set(ADDED.findall(listing))
    print(f"listed: {sorted(listed)}", file=sys.stderr)
    await call("echo", {"text": "hi"})
    if "run_scenarios" in listed:
        await call_until_done(lambda: call("run_scenarios"))
    for tool in ("failing_tool", "structured_result"):
        if tool in listed:
            await call(tool)
    await call_late(call, listed)  # the tools of one era (late_calls.py)
    if "show_view" in listed:
        await call("show_view")
    if "dropped_stream" in listed:
        # last: a client that does not come back for the cut stream waits until its timeout (60 s for a tool call)
        await call("dropped_stream", timeout=100)


asyncio.run(main())
