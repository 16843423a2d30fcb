"""The person at Qoder CLI's terminal when it signs in to an MCP server, for harness runs with `--auth`.

A server whose configuration turns its `oauth` on and that answers 401 makes Qoder CLI sign in while it connects:
it registers, then asks on the terminal whether to open the authorization page in the browser ("Do you want to
continue? [Y/n]") and reads the answer from its standard input. `-p` takes piped input for its prompt, so the answer
has to be typed on a terminal: this runs the command on a pseudo-terminal, answers "y" once the question shows, and
waits for the command to end. The browser it then opens is the harness's (xdg-open hands it to `$BROWSER`).

    python3 qodercli_sign_in.py COMMAND ARGS...
"""

from __future__ import annotations

import sys

from terminal import Terminal

QUESTION = "Do you want to continue?"
QUESTION_LIMIT = 40.0  # seconds until the question shows (it connects after a few seconds of its own start-up)
END_LIMIT = 50.0  # seconds for the sign-in and the rest of the run after the answer


def main() -> int:
    run = Terminal(sys.argv[1:])
    if run.screen.wait(QUESTION, 0, QUESTION_LIMIT):
        run.type_line("y")
    return run.wait_exit(END_LIMIT)


if __name__ == "__main__":
    sys.exit(main())
