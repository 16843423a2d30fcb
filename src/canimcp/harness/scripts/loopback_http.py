"""JSON over HTTP to a program the script started on the loopback (mcpo, MCP-Bridge), with only the standard library:
no proxy (the sandbox's dead proxy variables stay in force for the program itself), and an HTTP error answered as
its status and body rather than raised."""

import json
import urllib.error
import urllib.request
from typing import Any

OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def request(url: str, body: dict[str, Any] | None = None, timeout: float = 120) -> tuple[int, str]:
    """GET `url`, or POST `body` as JSON to it: the status and the text of the answer."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with OPENER.open(req, timeout=timeout) as answer:
            return answer.status, answer.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")
