"""One turn of y-cli's interactive chat, typed as a person would, for harness sessions.

y-cli's chat holds no MCP connection itself: its MCP daemon (`y-cli daemon start`, a process of its own in the
background) connects every configured server and the chat asks it, over a Unix socket, for the tools to list in the
model's system prompt and to run the calls the model writes. So this wrapper does what the README has a person do:
start the daemon, check with `y-cli daemon status` until it lists the server `probe` as connected, then start
`y-cli chat` on a pseudo-terminal (its prompt_toolkit prompt needs one), type the prompt at `Enter:`, and answer each
"proceed with tool execution? (y/n)" question, which the chat asks before every call, with `y`. Once the scripted
model's closing "Done." has come and the prompt is back, it stays there for CANIMCP_HOLD_SECONDS (the daemon is
still connected), leaves the chat with `exit` and stops the daemon with `y-cli daemon stop`, which closes its
connections. What the terminal shows is passed through with its escape sequences removed.

    python3 y_cli_session.py PROMPT SERVER BIN
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from terminal import Terminal

PROMPT = "Enter:"  # the chat's input prompt
CONFIRM = "proceed with tool execution?"  # asked before every tool call
DONE = "Done."  # the scripted model's last answer
CONNECT_LIMIT = 60.0  # seconds for the daemon to list the server as connected
TURN_LIMIT = 150.0  # seconds the turn may take before the wrapper leaves anyway


def run(*argv: str) -> str:
    done = subprocess.run(argv, capture_output=True, text=True, timeout=30, check=False)
    sys.stdout.write(done.stdout + done.stderr)
    sys.stdout.flush()
    return done.stdout


def main() -> int:
    prompt, server, bin_ = sys.argv[1], sys.argv[2], sys.argv[3]
    hold = float(os.environ.get("CANIMCP_HOLD_SECONDS", "15"))
    run(bin_, "daemon", "start")
    deadline = time.monotonic() + CONNECT_LIMIT
    while time.monotonic() < deadline and f" {server} " not in run(bin_, "daemon", "status"):
        time.sleep(2)
    ui = Terminal([bin_, "chat"])
    screen = ui.screen
    screen.wait(PROMPT, 0, CONNECT_LIMIT)
    time.sleep(1)
    at = screen.mark()
    ui.type_line(prompt)
    deadline = time.monotonic() + TURN_LIMIT
    finished = False
    while not finished and time.monotonic() < deadline:
        hit = screen.first([DONE, CONFIRM], at, deadline - time.monotonic())
        if hit is None:
            break
        needle, at = hit
        if needle == DONE:
            finished = screen.wait(PROMPT, at, 10)
        elif screen.wait("(y/n):", at, 10):
            time.sleep(0.3)
            ui.type_line("y")
    if finished:
        time.sleep(hold)
    ui.type_line("exit")
    code = ui.wait_exit(15)
    run(bin_, "daemon", "stop")
    return code


if __name__ == "__main__":
    sys.exit(main())
