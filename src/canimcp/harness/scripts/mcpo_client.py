"""mcpo (Open WebUI's MCP-to-OpenAPI proxy) as a server author meets it: `mcpo` started in front of the server, and
an OpenAPI consumer (the role Open WebUI plays) that reads the generated spec and calls the tool endpoints.

    python mcpo_client.py stdio CMD ARGS...   |   python mcpo_client.py http|sse URL
It starts `mcpo` (the executable beside this interpreter) the way its README shows, on 127.0.0.1 and a free port:
`mcpo --host 127.0.0.1 --port P -- CMD ARGS...` for a stdio server, `mcpo ... --server-type streamable-http -- URL` or
`--server-type sse -- URL` for a remote one. With CANIMCP_AUTH=1 (a run that must sign in) it uses the README's other
form instead, a `--config` file naming the server with `"type": "streamable-http"` and an `oauth` entry, mcpo's only
way to sign in; the server's endpoints then live under `/probe/`. mcpo connects to the server while it starts,
before it answers HTTP at all; the script waits until `/openapi.json` answers.

The consumer then does what an OpenAPI tool consumer does: it fetches `/openapi.json`, takes each `POST` path as a tool,
and calls them with JSON bodies. Everything it receives (the spec and every response, status and body) is what mcpo
hands on, so it stands in for what reaches a model behind mcpo. Like the harness's scripted model it calls
`failing_tool` and `structured_result`, reports through the `report_nonce` endpoint every probe nonce it has received
anywhere so far and `unseen:<kind>` for each kind (instructions, isError text, structuredContent) it has not (before the
calls below, so the URL elicitation in `url_gate`'s answer is never reported: the probe's `urlToModel` reads false),
then calls the probe's tools of one era (late_calls.py), `show_view`, `run_scenarios` until its result reads as done (at
most four calls) and, last, `dropped_stream` with a short read timeout (a client that does not come back for a cut
stream would leave that call waiting). It holds for CANIMCP_HOLD_SECONDS and stops mcpo with SIGINT, as Ctrl+C would.
Each step and mcpo's own log lines are printed to stderr.
"""

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from late_calls import call_late  # beside this script (the recipe's script_helpers)
from loopback_http import request
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
AUTH = os.environ.get("CANIMCP_AUTH") == "1"
SERVER = "probe"  # the server's name in the config file (auth runs only): the path prefix of its endpoints
NONCE = re.compile(r"cmcp-(?:instr|err|struct|skill|gate)-[0-9a-f]{8}")  # the probe's nonces (context_checks.py)
KINDS = ("instr", "err", "struct")
LOG = Path("mcpo.log")
received: list[str] = []  # every body the consumer got from mcpo, in order


def say(what: str) -> None:
    print(f"consumer: {what}"[:400], file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def mcpo_argv(argv: list[str], port: int) -> list[str]:
    command = [str(Path(sys.executable).with_name("mcpo")), "--host", "127.0.0.1", "--port", str(port)]
    if AUTH:
        entry = {"type": "streamable-http", "url": argv[1], "oauth": {"server_url": argv[1]}}
        config = Path("mcpo-config.json")
        config.write_text(json.dumps({"mcpServers": {SERVER: entry}}, indent=2))
        return [*command, "--config", str(config)]
    if argv[0] == "stdio":
        return [*command, "--", *argv[1:]]
    kind = {"http": "streamable-http", "sse": "sse"}[argv[0]]
    return [*command, "--server-type", kind, "--", argv[1]]


def wait_ready(mcpo: subprocess.Popen[bytes], spec_url: str, seconds: float = 60) -> str:
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if mcpo.poll() is not None:
            raise SystemExit(f"mcpo exited with {mcpo.returncode} before it answered")
        try:
            status, text = request(spec_url, timeout=3)
            if status == 200:
                say(f"mcpo answered after {time.monotonic() - started:.1f} s")
                return text
        except OSError:
            pass
        time.sleep(0.3)
    raise SystemExit("mcpo did not answer in time")


def stop(mcpo: subprocess.Popen[bytes]) -> None:
    if mcpo.poll() is None:
        os.killpg(mcpo.pid, signal.SIGINT)  # as Ctrl+C in its terminal would
        try:
            mcpo.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(mcpo.pid, signal.SIGKILL)
            mcpo.wait()
    lines = LOG.read_text(errors="replace").splitlines() if LOG.exists() else []
    for line in [line for line in lines if " - ERROR - " in line or " - WARNING - " in line][-8:]:
        print(f"mcpo: {line[:240]}", file=sys.stderr)
    say(f"mcpo stopped ({mcpo.returncode}), {len(lines)} log lines")


async def consume(base: str, spec_text: str) -> None:
    received.append(spec_text)
    spec = json.loads(spec_text)
    info = spec.get("info", {})
    say(f"spec: title {info.get('title')!r}, version {info.get('version')!r}, description {info.get('description')!r}")
    tools = {path.strip("/").rsplit("/", 1)[-1]: path for path, ops in spec.get("paths", {}).items() if "post" in ops}
    say(f"tool endpoints: {sorted(tools)}")

    async def call(name: str, arguments: dict[str, Any], timeout: float = 120) -> str:
        status, text = await asyncio.to_thread(request, base + tools[name], arguments, timeout)
        received.append(text)
        say(f"{name} -> HTTP {status}: {text[:300]}")
        return text

    for name in ("failing_tool", "structured_result"):
        if name in tools:
            await call(name, {})
    if "report_nonce" in tools:
        seen = sorted(set(NONCE.findall(" ".join(received))))
        for nonce in seen:
            await call("report_nonce", {"nonce": nonce})
        found = {nonce.split("-")[1] for nonce in seen}
        for kind in KINDS:
            if kind not in found:
                await call("report_nonce", {"nonce": f"unseen:{kind}"})

    async def call_tool(name: str, arguments: dict[str, Any]) -> str:
        return await call(name, arguments)

    await call_late(call_tool, set(tools))  # the tools of one era (late_calls.py)
    if "show_view" in tools:
        await call("show_view", {})
    if "run_scenarios" in tools:

        async def run_scenarios() -> str:
            return await call("run_scenarios", {}, timeout=180)

        await call_until_done(run_scenarios)
    if "dropped_stream" in tools:
        try:
            await call("dropped_stream", {}, timeout=20)
        except OSError as exc:  # a read timeout: mcpo was still waiting for the cut stream
            say(f"dropped_stream: no answer ({exc!r})")
    await asyncio.sleep(HOLD)


def main() -> None:
    argv = sys.argv[1:]
    port = free_port()
    base = f"http://127.0.0.1:{port}" + (f"/{SERVER}" if AUTH else "")
    with LOG.open("wb") as log:
        mcpo = subprocess.Popen(mcpo_argv(argv, port), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        spec = wait_ready(mcpo, f"{base}/openapi.json", seconds=240 if AUTH else 60)
        asyncio.run(consume(base, spec))
    finally:
        stop(mcpo)


if __name__ == "__main__":
    main()
