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

import os
import sys
import time

from terminal import Terminal

READY = "mcps:"  # the status line's count of connected servers
DONE = "Done."  # the scripted model's last answer
CONNECT_LIMIT = 60.0  # seconds to wait for the servers before typing anyway
TURN_LIMIT = 150.0  # seconds the agent's turn may take before the wrapper leaves anyway


def main() -> int:
    prompt, argv = sys.argv[1], sys.argv[2:]
    hold = float(os.environ.get("CANIMCP_HOLD_SECONDS", "15"))
    # Ink draws nothing until it exits where it thinks it runs under CI (the sandbox sets CI=1)
    ui = Terminal(argv, {"CI": "false"})
    ui.screen.wait(READY, 0, CONNECT_LIMIT)
    start = ui.screen.mark()
    ui.type_line(prompt, pause=0.5)  # Ink reads a burst as one input, so Enter goes alone
    if ui.screen.wait(DONE, start, TURN_LIMIT):
        time.sleep(hold)
    ui.type_line("exit", pause=0.5)
    return ui.wait_exit(10)


if __name__ == "__main__":
    sys.exit(main())
