"""A user's session with mcporter's CLI, one command at a time, the way its README shows them:

    python3 mcporter_session.py MCPORTER

The probe is the server `probe` of the project config (`config/mcporter.json` in the working folder, which the recipe
writes). Each mcporter command is a process of its own that connects, does its one thing and closes (the default
"ephemeral" lifecycle for a server that is not one of mcporter's keep-alive ones), so each is a connection of its own.

The commands: `list probe` (the server's tools as signatures; its instructions are printed only with `--no-oauth`,
which a user's plain listing does not pass), `call probe.echo text=hi`, `call probe.run_scenarios` until its result
reads as done (scenario_calls.py), the failing and the structured tool, `resource probe` and `resource probe <uri>`,
the probe's tools of one era where listed (late_calls.py, arguments as `--args JSON`), `show_view`, a slow call given
`--timeout 2000` (does mcporter tell the server it gave up?), and last, where listed, `dropped_stream` with
`--timeout 20000` (does it come back for a stream the probe cuts?). Each command and the start of what it printed go
to stderr, where the harness keeps a run's output.
"""

import asyncio
import json
import re
import shlex
import subprocess
import sys
from typing import Any

from late_calls import call_late  # beside this script (the recipe's script_helpers)
from scenario_calls import call_until_done

MCPORTER = sys.argv[1]
SERVER = "probe"
SIGNATURE = re.compile(r"^\s*function (\w+)\(", re.MULTILINE)  # how `mcporter list SERVER` shows a tool


def mcporter(*args: str, timeout: float = 90) -> str:
    """One command as typed in a shell; what it printed (stdout, then stderr) comes back."""
    try:
        done = subprocess.run([MCPORTER, *args], capture_output=True, text=True, timeout=timeout)
        said, code = done.stdout + done.stderr, str(done.returncode)
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode(errors="replace") if isinstance(exc.stdout, bytes) else exc.stdout or ""
        said, code = out, f"stopped after {timeout:g} s"
    print(f"$ mcporter {shlex.join(args)}  [exit {code}]\n{said[:1500]}", file=sys.stderr, flush=True)
    return said


async def call(tool: str, *args: str, timeout: float = 90) -> str:
    return await asyncio.to_thread(mcporter, "call", f"{SERVER}.{tool}", *args, timeout=timeout)


async def main() -> None:
    listing = await asyncio.to_thread(mcporter, "list", SERVER)
    listed = set(SIGNATURE.findall(listing))
    print(f"listed: {sorted(listed)}", file=sys.stderr)
    await call("echo", "text=hi")
    if "run_scenarios" in listed:
        await call_until_done(lambda: call("run_scenarios"))
    for tool in ("failing_tool", "structured_result"):
        if tool in listed:
            await call(tool)
    await asyncio.to_thread(mcporter, "resource", SERVER)
    await asyncio.to_thread(mcporter, "resource", SERVER, "probe://static/hello")

    async def call_tool(name: str, arguments: dict[str, Any]) -> str:
        return await call(name, *(("--args", json.dumps(arguments)) if arguments else ()))

    await call_late(call_tool, listed)  # the tools of one era (late_calls.py)
    if "show_view" in listed:
        await call("show_view")
    if "slow_task" in listed:
        # a call that outlives its --timeout (milliseconds): mcporter gives up on it, and should tell the server
        await call("slow_task", "seconds=10", "--timeout", "2000", timeout=60)
    if "dropped_stream" in listed:
        # last: a client that does not come back for the cut stream waits until its timeout
        await call("dropped_stream", "--timeout", "20000", timeout=60)


asyncio.run(main())
