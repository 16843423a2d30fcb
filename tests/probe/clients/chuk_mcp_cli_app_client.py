"""chuk's mcp-cli (PyPI `mcp-cli`) driven as an app through its own commands. Its non-interactive commands list
tools, resources and prompts, ping, and `cmd --tool` calls one tool; none lists resource templates, completes an
argument, subscribes, sets a server log level or asks for progress. So the app calls the probe's slow tool twice:
once to its end, and once with the tool's own timeout option, `--tool-timeout 1`, on a 20-second task.

    python chuk_mcp_cli_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

Each step starts the server afresh (mcp-cli connects once per command), from a config file naming it `probe`. A
`{step}` in ARGS becomes the step's number, so that each run can write its own report (`--report
/tmp/x/app-{step}.json`). MCP_CLI_PYTHON names the Python that has mcp-cli installed (default: this one); run with
HOME pointing at a scratch folder, as mcp-cli keeps its settings there. Prints one JSON line per step (what the
command printed)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


def main(*argv: str) -> None:
    python = os.environ.get("MCP_CLI_PYTHON") or sys.executable
    steps = [
        ("tool call", [], ["--tool", "slow_task", "--tool-args", json.dumps({"seconds": 1})]),
        ("gave up", ["--tool-timeout", "1"], ["--tool", "slow_task", "--tool-args", json.dumps({"seconds": 20})]),
    ]
    work = Path(tempfile.mkdtemp(prefix="chuk-app-"))
    try:
        for step, (name, before, after) in enumerate(steps):
            server = [a.replace("{step}", str(step)) for a in argv]
            config = work / f"server_config-{step}.json"
            config.write_text(json.dumps({"mcpServers": {"probe": {"command": server[0], "args": server[1:]}}}))
            command = [python, "-m", "mcp_cli", *before, "cmd", "--server", "probe", "--config-file", str(config)]
            started = time.monotonic()
            done = subprocess.run([*command, *after], capture_output=True, text=True, timeout=180, check=False)
            say(name, {"exit": done.returncode, "seconds": round(time.monotonic() - started, 1),
                       "stdout": done.stdout.strip()[-400:], "stderr": done.stderr.strip()[-400:]})  # fmt: skip
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
