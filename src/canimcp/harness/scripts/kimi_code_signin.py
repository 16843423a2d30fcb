"""Kimi Code's sign-in, for harness runs with `--auth`.

Kimi Code signs in to an MCP server only from inside a session: a remote server that answers 401 is marked as
needing authorization, and its tools are replaced by one, `mcp__<server>__authenticate`, which its built-in
/mcp-config skill has the model call. That tool runs the OAuth flow (discovery, registration, PKCE, a loopback
callback), writes the authorization URL to stderr in `kimi -p` (the TUI opens it instead), stores the tokens in
Kimi Code's own credential store, and reconnects.

This wrapper runs one such session, `kimi -p ...`, with two stand-ins: a model (an OpenAI-compatible endpoint on
loopback) that calls the authenticate tool when it is offered, as a model following the skill would, and
answers with text otherwise; and the person who opens the printed authorization URL in a browser (`$BROWSER`, the
harness's). Everything OAuth is Kimi Code's own. The session that follows in the recipe then connects with the
stored grant.

    python kimi_code_signin.py COMMAND ARGS...
"""

import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CALL_ID = "call_canimcp_authenticate"


def next_message(body: dict) -> dict:
    """Call the offered authenticate tool once; after that (or without it) answer with text."""
    names = [str((t.get("function") or {}).get("name", "")) for t in body.get("tools") or [] if isinstance(t, dict)]
    tool = next((n for n in names if n.endswith("__authenticate")), None)
    answered = any(m.get("role") == "tool" for m in body.get("messages") or [] if isinstance(m, dict))
    if tool and not answered:
        call = {"id": CALL_ID, "type": "function", "function": {"name": tool, "arguments": "{}"}}
        return {"role": "assistant", "content": None, "tool_calls": [call]}
    return {"role": "assistant", "content": "Done."}


class Model(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        try:
            body = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)))
        except ValueError:
            body = {}
        message = next_message(body if isinstance(body, dict) else {})
        finish = "tool_calls" if "tool_calls" in message else "stop"
        print(f"kimi_code_signin: model answers with {finish}", file=sys.stderr, flush=True)
        head = {"id": "chatcmpl-canimcp", "created": 0, "model": body.get("model", "scripted")}
        usage = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
        if not body.get("stream"):
            choice = {"index": 0, "message": message, "finish_reason": finish}
            self._send("application/json", json.dumps({**head, "object": "chat.completion", "choices": [choice]}))
            return
        if "tool_calls" in message:
            message["tool_calls"] = [{"index": 0, **call} for call in message["tool_calls"]]
        chunks = [
            {**head, "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": message}]},
            {
                **head,
                "object": "chat.completion.chunk",
                "choices": [{"index": 0, "delta": {}, "finish_reason": finish}],
                "usage": usage,
            },
        ]
        self._send("text/event-stream", "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n")

    def _send(self, kind: str, text: str) -> None:
        data = text.encode()
        self.send_response(200)
        self.send_header("content-type", kind)
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


def main() -> int:
    argv = sys.argv[1:]
    if os.environ.get("CANIMCP_AUTH") != "1":
        os.execvp(argv[0], argv)
    model = ThreadingHTTPServer(("127.0.0.1", 0), Model)
    threading.Thread(target=model.serve_forever, daemon=True).start()
    env = {**os.environ, "KIMI_MODEL_BASE_URL": f"http://127.0.0.1:{model.server_address[1]}/v1"}
    from open_printed_link import run_opening_link  # beside this script (the recipe's script_helpers)

    code = run_opening_link(argv, env, "kimi_code_signin")
    model.shutdown()
    return code


sys.exit(main())
