"""One chat turn in oterm's full-screen Textual UI, typed as a person would, for harness sessions.

oterm has no one-shot mode and no command line for a chat: it connects every server of its config.json's
`mcpServers` as it starts, before it draws anything, and a chat is made in its "new chat" dialog (Ctrl+N), where the
model is named and the tools the chat may use are ticked (none by default; the dialog enables the tool list only
once the model's details say it takes tools). So this wrapper starts it on a pseudo-terminal, waits for its welcome
screen, opens the dialog, types the model's name and Enter (which loads its details), moves the focus with Tab to
the check box that ticks every tool of the server named `probe`, ticks it with the space bar, moves back with
Shift+Tab to the tool list's frame (where Enter is the dialog's "save", not a check box's "tick"), saves with Enter,
types the prompt into the new chat and sends it with Enter. Once the scripted model's closing "Done." shows, or
oterm's notice that the turn failed, it stays CANIMCP_HOLD_SECONDS (the servers are still connected) and leaves with
Ctrl+Q. How many Tabs lead from the model's name to that check box depends on the dialog's other widgets (the list
of models, the system prompt, the built-in tools and capabilities before the servers' tools), so it is an argument.
What the terminal shows is passed through with its escape sequences removed.

    python3 oterm_session.py PROMPT MODEL TABS COMMAND ARGS...
"""

from __future__ import annotations

import os
import sys
import time

from terminal import Terminal

WELCOME = "Ctrl+N"  # the welcome screen, drawn once every server is connected
DIALOG = "Parameters:"  # the new chat dialog
DONE = "Done."  # the scripted model's last answer
# how oterm ends a turn that failed (a tool that failed more often than pydantic-ai retries it, an HTTP error)
FAILED = ("Unexpected error", "error running your request")
START_LIMIT = 90.0
TURN_LIMIT = 120.0
CTRL_N, CTRL_Q, TAB, BACK_TAB, ENTER, SPACE = b"\x0e", b"\x11", b"\t", b"\x1b[Z", b"\r", b" "


def main() -> int:
    prompt, model, tabs, argv = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
    hold = float(os.environ.get("CANIMCP_HOLD_SECONDS", "15"))
    ui = Terminal(argv, gap=" ")  # Textual places words with cursor moves
    screen, press = ui.screen, ui.press
    finished = False
    if screen.wait(WELCOME, 0, START_LIMIT):
        time.sleep(1)
        at = screen.mark()
        press(CTRL_N)
        if screen.wait(DIALOG, at, 20):
            time.sleep(2)  # the dialog asks for the models
            press(TAB)  # from the provider to the model's name
            os.write(ui.fd, model.encode())
            time.sleep(0.5)
            press(ENTER, pause=2)  # loads the model's details, which enable the tool list
            press(*[TAB] * tabs, pause=0.25)
            press(SPACE, pause=1)  # ticks every tool of the server
            # back to the tool list's scrolling frame, where an Enter is the dialog's own (on a check box it would
            # tick it): past the check boxes before the server's (tabs - 3: the list of models, the system prompt
            # and the frame come first)
            press(*[BACK_TAB] * (tabs - 3), pause=0.25)
            press(ENTER, pause=0.5)  # saves the dialog: the chat opens with the prompt focused
            time.sleep(3)
            at = screen.mark()
            os.write(ui.fd, prompt.encode())
            time.sleep(0.5)
            press(ENTER)
            finished = screen.any((DONE, *FAILED), at, TURN_LIMIT)
    if finished:
        time.sleep(hold)
    press(CTRL_Q)
    return ui.wait_exit(15)


if __name__ == "__main__":
    sys.exit(main())
