"""MCP Inspector's CLI mode (npm `@modelcontextprotocol/inspector`, `mcp-inspector --cli`) driven as an app: one
`--method` call per run, each on a fresh connection to the server.

    python inspector_app_client.py [--protocol-era ERA] COMMAND [ARGS...]
        (COMMAND ARGS: the stdio server to spawn, e.g. canimcp probe stdio; ERA: the tool's own option, legacy by
        default, `auto` to negotiate 2026-07-28 with a server that offers it)

A `{step}` in ARGS becomes the step's number, so that each run can write its own report (`--report
/tmp/x/app-{step}.json`). MCP_INSPECTOR names the mcp-inspector binary (default: `mcp-inspector` on PATH), run with
the `node` on PATH; run with HOME pointing at a scratch folder, as the inspector keeps a catalog there.

Steps: list the resource templates and read `probe://items/42`; call the slow tool for a second, plainly and then
with a progress token written into the request's `_meta` by hand (`--metadata`, the CLI has no progress option);
set the server log level to info (legacy era only: 2026-07-28 has no logging/setLevel); call `run_scenarios`,
which the probe holds past the CLI's fixed 60 s request timeout when given `--answer-timeout 75` (it waits that
long for a reaction to a list change that a one-shot call never shows); and ask for `prompts/complete` and
`resources/subscribe`, methods the CLI mode refuses before it starts the server. Prints one JSON line per step
(exit code and what the CLI printed)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from typing import Any


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


def main(*argv: str) -> None:
    era: list[str] = []  # the CLI's default, legacy (2025-11-25 and older), unless asked
    if argv[:1] == ("--protocol-era",):
        era, argv = list(argv[:2]), argv[2:]
    legacy = era[1:] in ([], ["legacy"])
    inspector = os.environ.get("MCP_INSPECTOR") or shutil.which("mcp-inspector") or "mcp-inspector"
    slow = ["--method", "tools/call", "--tool-name", "slow_task", "--tool-arg", "seconds=1"]
    steps: list[tuple[str, list[str]]] = [
        ("templates", ["--method", "resources/templates/list"]),
        ("template read", ["--method", "resources/read", "--uri", "probe://items/42"]),
        ("tool call", slow),
        ("progress by hand", [*slow, "--metadata", "progressToken=app-progress"]),
        *([("log level", ["--method", "logging/setLevel", "--log-level", "info"])] if legacy else []),
        ("gave up", ["--method", "tools/call", "--tool-name", "run_scenarios"]),
        ("completion", ["--method", "prompts/complete"]),
        ("subscribe", ["--method", "resources/subscribe", "--uri", "probe://static/hello"]),
    ]
    for step, (name, method) in enumerate(steps):
        server = [a.replace("{step}", str(step)) for a in argv]
        command = [inspector, "--cli", *server, *era, *method]
        started = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True, timeout=180, check=False)
        say(name, {"exit": done.returncode, "seconds": round(time.monotonic() - started, 1),
                   "stdout": done.stdout.strip()[-400:], "stderr": done.stderr.strip()[-400:]})  # fmt: skip


if __name__ == "__main__":
    main(*sys.argv[1:])
