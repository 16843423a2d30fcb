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

import os
import sys
import time

from terminal import Terminal

PROMPT = "❯"  # the end of ollmcp's input prompt (`MODEL/N-tools❯ `)
DONE = "Done."  # the scripted model's last answer
# what ollmcp asks during a turn, and what a person who wants the turn to go on answers
QUESTIONS = {
    "Human-in-the-Loop Confirmation": ("What would you like to do?", "s"),
    "Loop limit of": ("Choice", "c"),
}
START_LIMIT = 90.0  # seconds to wait for the prompt (the servers are connected before it appears)
TURN_LIMIT = 150.0  # seconds the turn may take before the wrapper leaves anyway


def main() -> int:
    prompt, argv = sys.argv[1], sys.argv[2:]
    hold = float(os.environ.get("CANIMCP_HOLD_SECONDS", "15"))
    ui = Terminal(argv)
    screen = ui.screen
    screen.wait(PROMPT, 0, START_LIMIT)
    time.sleep(1)
    at = screen.mark()
    ui.type_line(prompt)  # the prompt reads a burst as one input, so Enter goes alone
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
            ui.type_line(answer)
    if finished:
        time.sleep(hold)
    ui.type_line("/quit")
    return ui.wait_exit(15)


if __name__ == "__main__":
    sys.exit(main())
