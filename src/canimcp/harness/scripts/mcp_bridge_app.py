"""MCP-Bridge as a server author meets it: the bridge started with a config file naming the server, and an app in
front of it that asks the bridge's OpenAI-compatible endpoint for a chat completion, which the bridge answers by
offering the server's tools to its inference server and calling the ones the model picks.

    python mcp_bridge_app.py health|session stdio CMD ARGS...   |   python mcp_bridge_app.py health|session sse URL
It writes `config.json` in the working folder (the file name the bridge reads by default), as its README's manual
installation shows: `inference_server` (the scripted model at $CANIMCP_MODEL_URL, else a dead port), the probe as
the one entry of `mcp_servers` (`command` and `args`, or a `url`, which the bridge always reaches over the legacy
HTTP+SSE transport) and `network` on 127.0.0.1 and a free port (the bridge's default host is 0.0.0.0). Nothing else
is set: no `sampling.models`, so the bridge has no model to sample with. It starts `mcp-bridge` (the executable
beside this interpreter) and waits until `/mcp/servers/probe/status` says the server is online (the bridge connects
in a background task after it starts answering HTTP).

`health` stops there: it holds for CANIMCP_HOLD_SECONDS so that the probe's requests and the bridge's ten-second
ping have time to happen, with no request of the app's at all. `session` then does what its README describes a
consumer doing: one non-streaming `POST /v1/chat/completions` with a user message and no tools of its own; the
bridge adds the server's tools, forwards to the scripted model, calls each tool the model asks for and loops until
the model stops (the scripted model calls run_scenarios until done, then its context checks). The answer, the
bridge's last model response, is printed, then it holds and stops the bridge with SIGINT, as Ctrl+C would. The
bridge's own log goes to `mcp-bridge.log`; its warnings and errors are printed at the end.

For runs made by hand (not by the harness), CANIMCP_MCP_BRIDGE_CONFIG, a JSON object, is merged into the config's top
level: `{"sampling": {"models": [{"model": "scripted"}]}}` gives the bridge a model to answer sampling with (its
README's fuller example has such a section).
"""

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from loopback_http import request  # beside this script (the recipe's script_helpers)

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
SERVER = "probe"  # the server's name in the config file
LOG = Path("mcp-bridge.log")


def say(what: str) -> None:
    print(f"app: {what}"[:600], file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def write_config(argv: list[str], port: int) -> None:
    if argv[0] == "stdio":
        server: dict[str, Any] = {"command": argv[1], "args": argv[2:]}
    else:  # the bridge's only remote entry: a `url`, reached with the SDK's SSE client
        server = {"url": argv[1]}
    model = os.environ.get("CANIMCP_MODEL_URL") or "http://127.0.0.1:9"  # no model in health runs
    config = {
        "inference_server": {"base_url": f"{model}/v1", "api_key": "dummy"},
        "mcp_servers": {SERVER: server},
        "network": {"host": "127.0.0.1", "port": port},
    } | json.loads(os.environ.get("CANIMCP_MCP_BRIDGE_CONFIG") or "{}")
    Path("config.json").write_text(json.dumps(config, indent=2))


def wait_online(bridge: subprocess.Popen[bytes], base: str, seconds: float = 60) -> None:
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if bridge.poll() is not None:
            raise SystemExit(f"mcp-bridge exited with {bridge.returncode} before the server was online")
        try:
            status, text = request(f"{base}/mcp/servers/{SERVER}/status", timeout=3)
            if status == 200 and json.loads(text).get("online"):
                say(f"server online after {time.monotonic() - started:.1f} s: {text}")
                return
        except (OSError, ValueError):
            pass
        time.sleep(0.3)
    raise SystemExit("the server did not come online in time")


def stop(bridge: subprocess.Popen[bytes]) -> None:
    if bridge.poll() is None:
        os.killpg(bridge.pid, signal.SIGINT)  # as Ctrl+C in its terminal would
        try:
            bridge.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(bridge.pid, signal.SIGKILL)
            bridge.wait()
    lines = LOG.read_text(errors="replace").splitlines() if LOG.exists() else []
    for line in [line for line in lines if "| ERROR" in line or "| WARNING" in line or "Error" in line][-10:]:
        print(f"mcp-bridge: {line[:300]}", file=sys.stderr)
    say(f"mcp-bridge stopped ({bridge.returncode}), {len(lines)} log lines")


def chat(base: str) -> None:
    body = {"model": "scripted", "messages": [{"role": "user", "content": "hi"}]}
    status, text = request(f"{base}/v1/chat/completions", body, timeout=240)
    say(f"chat completion -> HTTP {status}: {text[:400]}")


def main() -> None:
    mode, argv = sys.argv[1], sys.argv[2:]
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    write_config(argv, port)
    with LOG.open("wb") as log:
        command = [str(Path(sys.executable).with_name("mcp-bridge"))]
        bridge = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_online(bridge, base)
        if mode == "session":
            chat(base)
        time.sleep(HOLD)
    finally:
        stop(bridge)


if __name__ == "__main__":
    main()
