"""The person at a terminal that prints an authorization link, for harness runs with `--auth`.

Some clients do not open a browser when a server asks for OAuth: fast-agent prints "Open this link to authorize:"
and the authorization URL, Kimi Code's `-p` mode writes it to stderr, `openclaw mcp login` prints it for a
person to open. This wrapper runs the client's command, passes its output through, and hands the first
authorization URL it prints to `$BROWSER` (the harness's browser), as a person clicking the printed link would.
The flow itself (discovery, registration, PKCE, the token request) is the client's own. A recipe uses it as its
script, or lists it in `script_helpers` for a script that imports `run_opening_link`.

Without CANIMCP_AUTH=1 it replaces itself with the command (exec), so runs without OAuth are the command alone.

    python open_printed_link.py COMMAND ARGS...
"""

import os
import re
import subprocess
import sys
import threading

# an authorization request as the probe's authorization server gets it (any loopback address and port)
AUTHORIZE = re.compile(r"https?://\S+?response_type=code\S*|https?://\S+/authorize\?\S+")


def run_opening_link(argv: list[str], env: dict[str, str], label: str) -> int:
    """Run `argv`, relaying its output, and open the first authorization URL it prints; its exit code."""
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    opened = threading.Event()
    lock = threading.Lock()

    def relay(source, sink) -> None:  # type: ignore[no-untyped-def]
        for raw in iter(source.readline, b""):
            sink.buffer.write(raw)
            sink.flush()
            found = AUTHORIZE.search(raw.decode("utf-8", "replace"))
            with lock:
                if found and not opened.is_set() and os.environ.get("BROWSER"):
                    opened.set()
                    print(f"{label}: opening {found.group(0).split('?')[0]}", file=sys.stderr, flush=True)
                    subprocess.run([os.environ["BROWSER"], found.group(0)], check=False)

    threads = [
        threading.Thread(target=relay, args=(process.stdout, sys.stdout), daemon=True),
        threading.Thread(target=relay, args=(process.stderr, sys.stderr), daemon=True),
    ]
    for thread in threads:
        thread.start()
    code = process.wait()
    for thread in threads:
        thread.join(timeout=2)
    return code


if __name__ == "__main__":
    command = sys.argv[1:]
    if os.environ.get("CANIMCP_AUTH") != "1":
        os.execvp(command[0], command)
    # a wide console, so that rich prints the long URL on one line rather than folded over several
    sys.exit(run_opening_link(command, {**os.environ, "COLUMNS": "4000"}, "open_printed_link"))
