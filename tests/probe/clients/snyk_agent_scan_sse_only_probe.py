"""The probe as a server that speaks only the legacy HTTP+SSE transport: `/mcp` and `/` answer 404, everything
else is the probe's own app. Made for `snyk-agent-scan-0.6.9-sse-only-0`: for an entry with `"type": "sse"`
snyk-agent-scan tries SSE at `/mcp` and `/`, then Streamable HTTP at both, before SSE at `/sse`, so against the plain
probe its SSE entry connects over Streamable HTTP at `/mcp` and never reaches the SSE endpoint. The 404s are answered
here, in front of the probe, so the run's report holds only the session at `/sse`, not the attempts before it.

    python snyk_agent_scan_sse_only_probe.py PORT DB_URL    (then point `inspect` at http://127.0.0.1:PORT/sse)
"""

from __future__ import annotations

import sys
from typing import Any

import uvicorn

from canimcp.probe.config import ProbeConfig
from canimcp.probe.http import create_app
from canimcp.store import open_store


def sse_only(app: Any) -> Any:
    async def wrapped(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"] in ("/mcp", "/"):
            await send({"type": "http.response.start", "status": 404, "headers": [(b"content-type", b"text/plain")]})
            await send({"type": "http.response.body", "body": b"Not Found"})
            return
        await app(scope, receive, send)

    return wrapped


if __name__ == "__main__":
    port, db = int(sys.argv[1]), sys.argv[2]
    uvicorn.run(sse_only(create_app(open_store(db), ProbeConfig())), host="127.0.0.1", port=port, log_level="warning")
