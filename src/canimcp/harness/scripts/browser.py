"""The person at the browser, for harness runs with `--auth`.

A client that signs in hands its authorization URL to the desktop's opener (`xdg-open`), which passes it to
`$BROWSER`: this script. Like a real browser launcher it returns at once and the window lives on: a detached
process opens the URL and follows the redirects, to the probe's authorization endpoint (which approves at once)
and from there back to the client's own callback page, which completes the sign-in. A client may start its
callback server only after asking for the browser, and a person takes a moment to approve, so a callback that
is not listening yet is tried again for a while. It goes nowhere but loopback, and says on stderr where it went.

    python browser.py URL
"""

import subprocess
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import urljoin, urlsplit

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
PATIENCE_S = 20.0  # how long the callback page is retried while nothing listens there


def on_loopback(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme == "http" and parts.hostname in LOOPBACK


def say(text: str) -> None:
    print(f"browser: {text}", file=sys.stderr, flush=True)


class NoFollow(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        return None  # each hop is taken by `navigate`, which checks where it leads


def navigate(url: str) -> int:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), NoFollow())
    deadline = time.monotonic() + PATIENCE_S
    for _hop in range(10):
        if not on_loopback(url):
            say(f"not a loopback URL, not opened: {url.split('?')[0]}")
            return 1
        try:
            with opener.open(url, timeout=20) as page:
                say(f"{page.status} at {url.split('?')[0]}")
                return 0
        except urllib.error.HTTPError as answer:
            location = answer.headers.get("location")
            if answer.code not in (301, 302, 303, 307, 308) or not location:
                say(f"{answer.code} at {url.split('?')[0]}")
                return 1
            say(f"{answer.code} at {url.split('?')[0]} -> {location.split('?')[0]}")
            url = urljoin(url, location)
        except urllib.error.URLError as failed:
            if time.monotonic() > deadline:
                say(f"gave up on {url.split('?')[0]}: {failed.reason}")
                return 1
            time.sleep(0.5)  # the page does not answer yet: a person would reload it
    say("too many redirects")
    return 1


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--navigate":
        time.sleep(1.0)  # the person reads the page before approving
        return navigate(sys.argv[2])
    url = sys.argv[1]
    if not on_loopback(url):
        say(f"not a loopback URL, not opened: {url.split('?')[0]}")
        return 1
    subprocess.Popen([sys.executable, __file__, "--navigate", url], start_new_session=True)
    return 0


sys.exit(main())
