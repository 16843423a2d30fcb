"""The person at fast-agent's terminal, for harness runs with `--auth`.

fast-agent does not open a browser when a server asks for OAuth: it prints "Open this link to authorize:" and the
authorization URL (a link in a terminal that shows them), then waits on its loopback callback. This wrapper runs a
fast-agent command, passes its output through, and hands the first authorization URL it prints to `$BROWSER` (the
harness's browser), as a person clicking the printed link would. The flow itself (discovery, registration, PKCE,
the token request) is fast-agent's own.

Without CANIMCP_AUTH=1 it replaces itself with the command (exec), so runs without OAuth are the command alone.

    python fast_agent_open_link.py COMMAND ARGS...
"""

import os
import re
import subprocess
import sys
import threading

# an authorization request as the probe's authorization server gets it (any loopback address and port)
AUTHORIZE = re.compile(r"https?://\S+?response_type=code\S*|https?://\S+/authorize\?\S+")


def main() -> int:
    argv = sys.argv[1:]
    if os.environ.get("CANIMCP_AUTH") != "1":
        os.execvp(argv[0], argv)
    # a wide console, so that rich prints the long URL on one line rather than folded over several
    env = {**os.environ, "COLUMNS": "4000"}
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
                    print(f"fast_agent_open_link: opening {found.group(0).split('?')[0]}", file=sys.stderr)
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


sys.exit(main())
