"""One turn of Pi's interactive terminal UI with pi-mcp-adapter, typed and answered as a person would; for the runs
made by hand that show what the adapter does where Pi has a UI (the recipe's own session is `pi -p`, which has none).

With a UI the adapter declares sampling and elicitation, and each request of the server opens a dialog in Pi: a
sampling request asks twice (send the request to the model, then return its answer), a form elicitation asks to go
on, then for each field whether to enter a value and the value, then for a review, and a URL elicitation asks whether
to open the page. This wrapper starts Pi on a pseudo-terminal, answers every dialog as it shows (Yes to sampling,
Continue, "Enter value" with the name `canimcp`, Submit; Decline for a page to open, since the sandbox has no
browser), types the prompt once the dialogs of the connection are done, keeps answering until the scripted model's
closing "Done.", stays for CANIMCP_HOLD_SECONDS and leaves with Ctrl+C twice. What the UI draws is passed through
with its escape sequences removed, and each answer given is logged on a line starting `@@`.

    python3 pi_mcp_adapter_tui.py PROMPT COMMAND ARGS...
"""

from __future__ import annotations

import os
import sys
import time

from terminal import Terminal

ENTER, DOWN, CTRL_C = b"\r", b"\x1b[B", b"\x03"
NAME = "canimcp"  # typed into a form's text field
# a dialog's title (or an option only its dialog has) and the keys that answer it; the cursor starts on the first
# option, so Enter picks Yes, Continue, "Enter value" or Submit, and Down then Enter picks Decline
DIALOGS = {
    "Approve MCP sampling request": (ENTER,),
    "Return MCP sampling response": (ENTER,),
    "MCP Input Request": (ENTER,),
    "Enter value": (ENTER,),  # then the field's value is typed (below)
    "Review input for": (ENTER,),
    "MCP Browser Request": (DOWN, ENTER),
}
CONNECTED = "servers connected"  # the adapter's notice once its servers answered
DONE = "Done."  # the scripted model's last answer
QUIET = 8.0  # seconds with no dialog after which the connection's requests are taken as answered
START = time.monotonic()


def log(*words: object) -> None:
    print(f"\n@@ {time.monotonic() - START:.1f}s", *words, flush=True)


def answer(ui: Terminal, seen: int) -> tuple[int, bool]:
    """Answer the dialog drawn last since `seen`, if any: where the next one is looked for, and whether one was."""
    text = ui.screen.text
    drawn = [(at, title) for title in DIALOGS if (at := text.rfind(title, seen)) >= 0]
    if not drawn:
        return seen, False
    title = max(drawn)[1]  # Pi shows one dialog at a time, the newest, so the one drawn last is the one asking
    log("dialog:", title)
    mark = len(text)  # what is drawn from here on answers the keys (the next dialog may show at once)
    ui.press(*DIALOGS[title], pause=0.3)
    if title == "Enter value":
        time.sleep(0.7)
        ui.type_line(NAME, pause=0.3)
    return mark, True


def answer_until(ui: Terminal, seen: int, needle: str, after: int, limit: float, quiet: float | None = None) -> int:
    """Answer dialogs until `needle` shows after `after` (or, with `quiet`, until no dialog came for that long)."""
    deadline = time.monotonic() + limit
    last = time.monotonic()
    while time.monotonic() < deadline and not ui.screen.ended:
        time.sleep(1.5)
        seen, answered = answer(ui, seen)
        if answered:
            last = time.monotonic()
            continue
        shown = bool(needle) and ui.screen.text.find(needle, after) >= 0
        if shown or (quiet is not None and time.monotonic() - last > quiet):
            break
    return seen


def main() -> int:
    prompt, argv = sys.argv[1], sys.argv[2:]
    hold = float(os.environ.get("CANIMCP_HOLD_SECONDS", "15"))
    ui = Terminal(argv, {"CI": "false"}, gap=" ")
    ui.screen.wait(CONNECTED, 0, 60)
    seen = answer_until(ui, 0, "", 0, 90, quiet=QUIET)
    log("typing the prompt")
    start = ui.screen.mark()
    ui.type_line(prompt, pause=0.5)
    seen = answer_until(ui, seen, DONE, start, 150)
    log("the turn ended" if ui.screen.text.find(DONE, start) >= 0 else "no end of the turn seen")
    answer_until(ui, seen, "", 0, hold, quiet=hold)
    ui.press(CTRL_C, CTRL_C, pause=1.0)
    return ui.wait_exit(10)


if __name__ == "__main__":
    sys.exit(main())
