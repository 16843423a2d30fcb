"""One turn of ollmcp's interactive chat, typed as a person would, for harness sessions.

ollmcp has no one-shot mode: it connects its MCP servers, then asks for input at a prompt_toolkit prompt (which needs
a terminal), runs the model's tool calls one round at a time, and asks the person before each call (its
human-in-the-loop confirmation, on by default) and again when a turn has run as many rounds as its loop limit allows.
So this wrapper starts it on a pseudo-terminal, waits for its prompt (which it shows only once every server is
connected), types the prompt, and answers what it asks as a person who wants the turn to go on: `s` at the first
confirmation (run the tools without asking for the rest of this turn) and `c` at the loop limit (that many rounds
more). Once the scripted model's closing "Done." has come and the prompt is back, it stays there for
CANIMCP_HOLD_SECONDS (the servers are still connected) and leaves with `/quit`. What the terminal shows is passed
through with its escape sequences removed.

    python3 ollmcp_session.py PROMPT COMMAND ARGS...
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

PROMPT = "❯"  # the end of ollmcp's input prompt (`MODEL/N-tools❯ `)
DONE = "Done."  # the scripted model's last answer
# what ollmcp asks during a turn, and what a person who wants the turn to go on answers
QUESTIONS = {
    "Human-in-the-Loop Confirmation": ("What would you like to do?", "s"),
    "Loop limit of": ("Choice", "c"),
}
START_LIMIT = 90.0  # seconds to wait for the prompt (the servers are connected before it appears)
TURN_LIMIT = 150.0  # seconds the turn may take before the wrapper leaves anyway
ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


class Screen:
    """Everything the terminal showed, escape sequences removed, with a way to wait for a text after a point."""

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
            except OSError:  # the terminal closed with the client
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

    def first(self, needles: list[str], after: int, seconds: float) -> tuple[str, int] | None:
        """The needle that shows first after `after`, and where it ends; None at the time limit or the end."""

        def found() -> tuple[str, int] | None:
            hits = [(self.text.find(n, after), n) for n in needles]
            hits = [(at, n) for at, n in hits if at >= 0]
            return (min(hits)[1], min(hits)[0] + len(min(hits)[1])) if hits else None

        with self.changed:
            self.changed.wait_for(lambda: self.ended or found() is not None, timeout=seconds)
            return found()


def main() -> int:
    prompt, argv = sys.argv[1], sys.argv[2:]
    hold = float(os.environ.get("CANIMCP_HOLD_SECONDS", "15"))
    env = os.environ | {"TERM": "xterm-256color", "COLUMNS": "160", "LINES": "50"}
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 160, 0, 0))
    screen = Screen()
    reader = threading.Thread(target=screen.pump, args=(fd,), daemon=True)
    reader.start()

    def type_line(text: str) -> None:
        os.write(fd, text.encode())
        time.sleep(0.3)  # the prompt reads a burst as one input, so Enter goes alone
        os.write(fd, b"\r")

    screen.wait(PROMPT, 0, START_LIMIT)
    time.sleep(1)
    at = screen.mark()
    type_line(prompt)
    deadline = time.monotonic() + TURN_LIMIT
    finished = False
    while not finished and time.monotonic() < deadline:
        hit = screen.first([DONE, *QUESTIONS], at, deadline - time.monotonic())
        if hit is None:
            break
        needle, at = hit
        if needle == DONE:
            finished = screen.wait(PROMPT, at, 10)
            continue
        question, answer = QUESTIONS[needle]
        if screen.wait(question, at, 10):
            time.sleep(0.5)
            type_line(answer)
    if finished:
        time.sleep(hold)
    type_line("/quit")
    deadline = time.monotonic() + 15
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
