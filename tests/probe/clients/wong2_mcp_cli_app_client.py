"""wong2's mcp-cli (npm `@wong2/mcp-cli`) driven as an app through its own commands: the interactive mode, where a
person picks the resource template, fills it in and calls a tool, and the non-interactive `call-tool` and
`read-resource` commands. The tool has no command for completion, subscriptions, log levels or progress, and no
timeout option; its calls keep the TypeScript SDK's default of 60 s.

    python wong2_mcp_cli_app_client.py COMMAND [ARGS...]    (the stdio server to spawn, e.g. canimcp probe stdio)

Each step starts the server afresh (mcp-cli connects once per run). A `{step}` in ARGS becomes the step's number,
so that each run can write its own report (`--report /tmp/x/app-{step}.json`). MCP_CLI names the mcp-cli binary
(default: `mcp-cli` on PATH), run with the `node` on PATH.

Steps: 0, the interactive mode on a terminal (a pty), given a config file naming the server `probe`: the app picks
that server, the tool lists everything on connecting, and the app picks `resource-template(item)`, answers 42 for
`id` and confirms, then picks `tool(slow_task)` with seconds 1, then leaves with Ctrl-C. 1, `call-tool
probe:run_scenarios`, a call the probe holds past the tool's 60 s request timeout when given `--answer-timeout 75`
(the probe waits that long for a reaction to a list change that the one-shot command never shows). 2,
`read-resource probe:probe://items/42`, the same read without the picker. Prints one JSON line per step (what the
tool printed)."""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[78]")


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


def server_argv(argv: list[str], step: int) -> list[str]:
    return [a.replace("{step}", str(step)) for a in argv]


class Terminal:
    """The tool on a pseudo-terminal, as a person at a keyboard would run it."""

    def __init__(self, argv: list[str]) -> None:
        import pty

        self.master, slave = pty.openpty()
        env = {**os.environ, "TERM": "dumb", "COLUMNS": "200", "LINES": "50"}  # no colours: plain picker titles
        self.process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
        os.close(slave)
        self.seen = ""  # everything shown so far, without escape sequences
        self.mark = 0  # where the next expect starts looking

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return False
        self.seen += ANSI.sub("", data.decode(errors="replace")).replace("\r", "")
        return bool(data)

    def expect(self, text: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while text not in self.seen[self.mark :]:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no {text!r} on the screen; last: {self.seen[-400:]!r}")
            if not self._read(0.2) and self.process.poll() is not None:
                raise EOFError(f"the tool exited before showing {text!r}; last: {self.seen[-400:]!r}")
        at = self.seen.index(text, self.mark) + len(text)
        shown, self.mark = self.seen[self.mark : at], at
        return shown

    def type(self, keys: str) -> None:
        for key in keys:  # one key at a time, as typed
            os.write(self.master, key.encode())
            time.sleep(0.05)
            self._read(0)

    def finish(self, timeout: float = 15) -> int:
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self._read(0.2)
        if self.process.poll() is None:
            self.process.terminate()
        code = self.process.wait()
        os.close(self.master)
        return code


def config(work: Path, step: int, server: list[str]) -> Path:
    path = work / f"mcp-{step}.json"
    path.write_text(json.dumps({"mcpServers": {"probe": {"command": server[0], "args": server[1:]}}}))
    return path


def interactive(mcp_cli: str, config: Path) -> None:
    term = Terminal([mcp_cli, "-c", str(config)])  # (flags in a server command given inline would be the tool's)
    try:
        term.expect("Pick a server")
        term.type("probe\r")
        term.expect("Pick a primitive")
        say("connected", [line.strip() for line in term.seen.splitlines() if "Connected" in line])
        term.type("resource-template\r")  # the picker filters by the start of the title
        term.expect("Constructing URI template:")
        term.expect("? id ›")
        term.type("42\r")
        term.expect("Confirm resource URI?")
        term.type("\r")  # yes, the default
        term.expect("Item 42.")
        say("template read", "Item 42.")
        term.expect("? Pick a primitive")
        term.type("tool(slow_task)\r")
        term.expect("? seconds ›")
        term.type("1\r")
        term.expect("Slept 1 s.")
        say("tool call", "Slept 1 s.")
        term.expect("? Pick a primitive")
        shown = term.seen.split("[server log]")[1:]
        say("server log shown", ["[server log]" + line.split("\n")[0] for line in shown])
        term.type("\x03")  # Ctrl-C at the picker: the tool closes the client and exits
    finally:
        say("interactive exit", term.finish())


def one_shot(step: str, argv: list[str], timeout: float = 120) -> None:
    started = time.monotonic()
    done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    say(step, {"exit": done.returncode, "seconds": round(time.monotonic() - started, 1),
               "stdout": done.stdout.strip()[-400:], "stderr": done.stderr.strip()[-400:]})  # fmt: skip


def main(*argv: str) -> None:
    mcp_cli = os.environ.get("MCP_CLI") or shutil.which("mcp-cli") or "mcp-cli"
    work = Path(tempfile.mkdtemp(prefix="wong2-app-"))
    try:
        interactive(mcp_cli, config(work, 0, server_argv(list(argv), 0)))
        steps = [
            ("gave up", "call-tool", "probe:run_scenarios"),
            ("read-resource", "read-resource", "probe:probe://items/42"),
        ]
        for step, (name, verb, target) in enumerate(steps, start=1):
            one_shot(name, [mcp_cli, "-c", str(config(work, step, server_argv(list(argv), step))), verb, target])
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
