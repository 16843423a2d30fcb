"""A client's interactive UI on a pseudo-terminal, for the session scripts that type into one as a person would
(grok_cli_session.py, ollmcp_session.py, oterm_session.py): start it, keep what it shows with the escape sequences
removed (passed through to the script's output), wait for a text to show, and leave."""

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
from collections.abc import Mapping, Sequence

ROWS, COLUMNS = 50, 160
# CSI and OSC sequences, device control strings (Textual asks with them) and the two-byte ones
ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|P[^\x1b]*\x1b\\|[@-Z\\-_])")


class Screen:
    """Everything the terminal showed, escape sequences removed, with ways to wait for a text after a point. `gap`
    stands in for each sequence removed: a full-screen UI places words with cursor moves, which would otherwise run
    them together."""

    def __init__(self, gap: str = "") -> None:
        self.gap = gap
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
            plain = ESCAPES.sub(self.gap, text)
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
        """Whether `needle` showed after `after` within `seconds` (False at once when the client ended)."""
        return self.any((needle,), after, seconds)

    def any(self, needles: Sequence[str], after: int, seconds: float) -> bool:
        return self.first(needles, after, seconds) is not None

    def first(self, needles: Sequence[str], after: int, seconds: float) -> tuple[str, int] | None:
        """The needle that shows first after `after`, and where it ends; None at the time limit or the end."""

        def found() -> tuple[str, int] | None:
            hits = [(at, n) for n in needles if (at := self.text.find(n, after)) >= 0]
            return (min(hits)[1], min(hits)[0] + len(min(hits)[1])) if hits else None

        with self.changed:
            self.changed.wait_for(lambda: self.ended or found() is not None, timeout=seconds)
            return found()


class Terminal:
    """The client running on a pseudo-terminal of ROWS x COLUMNS, its output read into `screen` as it comes."""

    def __init__(self, argv: Sequence[str], env: Mapping[str, str] | None = None, gap: str = "") -> None:
        size = {"TERM": "xterm-256color", "COLUMNS": str(COLUMNS), "LINES": str(ROWS)}
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execvpe(argv[0], list(argv), dict(os.environ) | size | dict(env or {}))
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        self.screen = Screen(gap)
        self.reader = threading.Thread(target=self.screen.pump, args=(self.fd,), daemon=True)
        self.reader.start()

    def press(self, *keys: bytes, pause: float = 0.4) -> None:
        for key in keys:
            os.write(self.fd, key)
            time.sleep(pause)

    def type_line(self, text: str, pause: float = 0.3) -> None:
        """Type `text`, then Enter on its own: a prompt that reads a burst as one input would take the Enter as text."""
        os.write(self.fd, text.encode())
        time.sleep(pause)
        os.write(self.fd, b"\r")

    def wait_exit(self, seconds: float) -> int:
        """The client's exit code once it has left (terminated after `seconds` if it has not)."""
        deadline = time.monotonic() + seconds
        status = None
        while status is None and time.monotonic() < deadline:
            done, code = os.waitpid(self.pid, os.WNOHANG)
            status = code if done else None
            time.sleep(0.2)
        if status is None:
            os.kill(self.pid, signal.SIGTERM)
            _, status = os.waitpid(self.pid, 0)
        self.reader.join(timeout=5)
        return os.waitstatus_to_exitcode(status)
