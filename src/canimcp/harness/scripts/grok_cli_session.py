"""One turn of Grok CLI's interactive terminal UI, typed as a person would, for harness sessions.

Grok CLI starts its MCP servers in the background when its agent is made and takes the list of tools it offers the
model when a turn starts. Its one-shot mode (`grok -p`) starts that turn at once, before any server has answered, so
its model is never offered an MCP tool (and the connection left open keeps the process from exiting). A person types
into the interactive UI (Ink, which needs a terminal) some time after it appears, by which time the servers are
connected: so this wrapper starts the UI on a pseudo-terminal, waits until its status line counts a connected server
("mcps: 1", polled every two seconds), types the prompt, waits for the scripted model's closing "Done.", stays at the
prompt for CANIMCP_HOLD_SECONDS (the session is still connected there), and leaves with the UI's own `exit` command.
What the UI draws is passed through with its escape sequences removed.

    python3 grok_cli_session.py PROMPT COMMAND ARGS...
"""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import signal
import struct
import sys
import termios
import threading
import time

READY = "mcps:"  # the status line's count of connected servers
DONE = "Done."  # the scripted model's last answer
CONNECT_LIMIT = 60.0  # seconds to wait for the servers before typing anyway
TURN_LIMIT = 150.0  # seconds the agent's turn may take before the wrapper leaves anyway
ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


class Screen:
    """Everything the UI printed, escape sequences removed, with a way to wait for a text after a point."""

    def __init__(self) -> None:
        self.text = ""
        self.ended = False
        self.changed = threading.Condition()

    def pump(self, fd: int) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        pending = ""  # an escape sequence cut off at the end of a read
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the terminal closed with the UI
                break
            if not chunk:
                break
            text = pending + decoder.decode(chunk)
            cut = text.rfind("\x1b")
            pending = ""
            if cut >= 0 and not ESCAPES.match(text, cut) and len(text) - cut < 64:
                text, pending = text[:cut], text[cut:]
            plain = ESCAPES.sub("", text)
            sys.stdout.write(plain)
            sys.stdout.flush()
            with self.changed:
                self.text += plain
                self.changed.notify_all()
        with self.changed:
            self.ended = True
            self.changed.notify_all()

    def mark(self) -> int:
        with self.changed:
            return len(self.text)

    def wait(self, needle: str, after: int, seconds: float) -> bool:
        with self.changed:
            self.changed.wait_for(lambda: self.ended or needle in self.text[after:], timeout=seconds)
            return needle in self.text[after:]


def main() -> int:
    prompt, argv = sys.argv[1], sys.argv[2:]
    hold = float(os.environ.get("CANIMCP_HOLD_SECONDS", "15"))
    # Ink draws nothing until it exits where it thinks it runs under CI (the sandbox sets CI=1)
    env = os.environ | {"CI": "false", "TERM": "xterm-256color", "COLUMNS": "160", "LINES": "50"}
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 160, 0, 0))
    screen = Screen()
    reader = threading.Thread(target=screen.pump, args=(fd,), daemon=True)
    reader.start()

    def type_line(text: str) -> None:
        os.write(fd, text.encode())
        time.sleep(0.5)  # Ink reads a burst as one input, so Enter goes alone
        os.write(fd, b"\r")

    screen.wait(READY, 0, CONNECT_LIMIT)
    start = screen.mark()
    type_line(prompt)
    if screen.wait(DONE, start, TURN_LIMIT):
        time.sleep(hold)
    type_line("exit")
    deadline = time.monotonic() + 10
    status = None
    while status is None and time.monotonic() < deadline:
        done, code = os.waitpid(pid, os.WNOHANG)
        status = code if done else None
        time.sleep(0.2)
    if status is None:
        os.kill(pid, signal.SIGTERM)
        _, status = os.waitpid(pid, 0)
    reader.join(timeout=5)
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main())
