"""The person at Amp's headless OAuth prompt, for harness runs with `--auth`.

Without a desktop terminal, Amp signs in to an MCP server that answers 401 by printing the authorization URL and
asking for the URL the browser ends on (its loopback callback, which it says will not load) to be pasted back. This
runs the given Amp command and does what its prompt asks: it opens the printed URL at the probe's authorization
server, which approves at once and redirects, reads the callback URL from that redirect without loading it (the
browser's address bar), and types it in. It goes nowhere but loopback.

    python amp_sign_in.py AMP_COMMAND...
"""

import re
import subprocess
import sys
import urllib.error
import urllib.request
from urllib.parse import urlsplit

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
AUTHORIZE = re.compile(r"http://\S+/authorize\?\S+")


class NoFollow(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        return None


def landing(url: str) -> str | None:
    """Where the authorization URL sends the browser: the Location of its redirect."""
    if urlsplit(url).hostname not in LOOPBACK:
        return None
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), NoFollow())
    try:
        with opener.open(url, timeout=20):
            return None  # a page, not a redirect: nothing to paste
    except urllib.error.HTTPError as answer:
        return answer.headers.get("location")
    except urllib.error.URLError:
        return None


def main() -> int:
    child = subprocess.Popen(
        sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
    )
    assert child.stdin is not None and child.stdout is not None
    for line in child.stdout:
        print(line, end="", flush=True)
        found = AUTHORIZE.search(ANSI.sub("", line))
        if found:
            callback = landing(found.group(0))
            print(f"amp_sign_in: pasting {callback.split('?')[0] if callback else 'nothing'}", file=sys.stderr)
            if callback:
                child.stdin.write(callback + "\n")
                child.stdin.flush()
    return child.wait()


sys.exit(main())
