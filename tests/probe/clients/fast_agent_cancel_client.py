"""fast-agent (PyPI `fast-agent-mcp`) giving up on the probe's `slow_task`, the two ways it can: a person pressing
Ctrl+C while the call runs in its interactive prompt (`ctrl-c`), and the per-server `read_timeout_seconds` of its
configuration, unset by default, here two seconds in a one-shot `fast-agent go --message` (`timeout`).

    python fast_agent_cancel_client.py FAST_AGENT_BIN URL ctrl-c|timeout

URL is the probe's Streamable HTTP endpoint (`canimcp probe serve --era handshake --conformance`: the conformance
setup sends no requests of its own after the handshake, so no elicitation form takes the terminal). Over HTTP the
probe is its own process, out of reach of the terminal's Ctrl+C. Run it with no route out (`unshare -rn`, the probe
inside the same namespace): the passthrough model needs no network. The interactive prompt runs on a pseudo-terminal,
which turns a typed Ctrl+C into SIGINT while a turn runs, as a terminal does. Prints one JSON line per step."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

MESSAGE = '***CALL_TOOL probe__slow_task {"seconds":20}'  # the passthrough model calls the tool named


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}), flush=True)


def config(url: str, read_timeout: int | None) -> str:
    timeout = f"      read_timeout_seconds: {read_timeout}\n" if read_timeout else ""
    server = f"    probe:\n      transport: http\n      url: {url}\n{timeout}"
    return "default_model: passthrough\nmcp:\n  servers:\n" + server


def read_for(fd: int, seconds: float) -> bytes:
    out, end = b"", time.monotonic() + seconds
    while time.monotonic() < end:
        if select.select([fd], [], [], 0.2)[0]:
            try:
                out += os.read(fd, 65536)
            except OSError:  # the program ended
                break
    return out


def interrupted(command: list[str], home: str) -> None:
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(HOME=home, TERM="xterm", COLUMNS="120", LINES="40")
        os.execv(command[0], command)
    read_for(fd, 12)  # connecting and drawing the prompt
    os.write(fd, MESSAGE.encode() + b"\r")
    read_for(fd, 4)
    say("ctrl-c", time.time())
    os.write(fd, b"\x03")
    shown = read_for(fd, 5).decode(errors="replace")
    say("cancelled shown", "cancelled" in shown)
    os.write(fd, b"/exit\r")
    read_for(fd, 3)
    os.kill(pid, 9)
    os.waitpid(pid, 0)


def main(bin_path: str, url: str, how: str) -> None:
    with tempfile.TemporaryDirectory() as home:
        path = Path(home) / "fastagent.config.yaml"
        path.write_text(config(url, 2 if how == "timeout" else None))
        command = [bin_path, "go", "--config-path", str(path), "--servers", "probe", "--model", "passthrough"]
        if how == "ctrl-c":
            interrupted(command, home)
            return
        done = subprocess.run([*command, "--message", MESSAGE], capture_output=True, text=True, timeout=60,
                              env={"HOME": home, "PATH": os.environ["PATH"]})  # fmt: skip
        say("exit", done.returncode)
        say("timed out shown", "timed out" in done.stdout)


if __name__ == "__main__":
    main(*sys.argv[1:4])
