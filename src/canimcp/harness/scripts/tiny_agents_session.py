"""One turn of tiny-agents' interactive CLI, typed as a person would, for harness sessions.

`tiny-agents run FOLDER` connects its servers, prints its prompt mark and reads one line of standard input at a time;
it has no one-shot mode. Its reader takes an ended input for an empty line, not for the end, so a closed pipe
makes it send the model an empty prompt again and again until something stops it (about 48 a second on the
scripted model). So this wrapper types the prompt once the mark appears, waits for the mark that follows the
agent's answer, stays at that prompt for CANIMCP_HOLD_SECONDS (the session is still connected there, as a person's
would be), and then quits the way the CLI asks a person to: Ctrl+C twice (SIGINT to the CLI's own process; the
stdio servers it starts are in sessions of their own, as they are in a terminal). Everything the CLI prints is
passed through.

    python3 tiny_agents_session.py PROMPT COMMAND ARGS...
"""

from __future__ import annotations

import codecs
import os
import signal
import subprocess
import sys
import threading
import time

MARK = "\u00bb"  # the CLI's prompt mark
LIMIT = 75.0  # seconds the agent's turn may take before the wrapper quits anyway


class Marks:
    """Counts the prompt marks in the CLI's output, as it streams past."""

    def __init__(self) -> None:
        self.count = 0
        self.changed = threading.Condition()

    def pump(self, stream: int) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        while chunk := os.read(stream, 65536):
            sys.stdout.buffer.write(chunk)
            sys.stdout.flush()
            seen = decoder.decode(chunk).count(MARK)
            with self.changed:
                self.count += seen
                self.changed.notify_all()
        with self.changed:
            self.count = -1  # the CLI's output ended
            self.changed.notify_all()

    def wait(self, at_least: int, seconds: float) -> bool:
        with self.changed:
            self.changed.wait_for(lambda: self.count < 0 or self.count >= at_least, timeout=seconds)
            return self.count >= at_least


def main() -> int:
    prompt, argv = sys.argv[1], sys.argv[2:]
    hold = float(os.environ.get("CANIMCP_HOLD_SECONDS", "15"))
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    marks = Marks()
    reader = threading.Thread(target=marks.pump, args=(process.stdout.fileno(),), daemon=True)
    reader.start()
    if marks.wait(1, LIMIT):  # the servers are connected and the prompt is up
        process.stdin.write(prompt.encode() + b"\n")
        process.stdin.flush()
        if marks.wait(2, LIMIT):  # the agent answered and the prompt is back
            time.sleep(hold)
        for _ in range(2):
            if process.poll() is None:
                process.send_signal(signal.SIGINT)
                time.sleep(0.5)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.terminate()
        process.wait()
    reader.join(timeout=5)
    return process.returncode


if __name__ == "__main__":
    sys.exit(main())
