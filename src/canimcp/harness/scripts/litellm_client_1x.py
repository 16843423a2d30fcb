"""LiteLLM's proxy (its AI gateway) of the releases whose `proxy` extra asks for the official Python SDK 1.x
(`mcp>=1.28.1,<2.0` in 1.93.0), run as litellm_client.py runs the newest: the gateway configured with the probe as its
one server under `mcp_servers:` (defaults, a master key), started with `litellm --config ...` on loopback, and an app
in front of its `/mcp` endpoint.

    python litellm_client_1x.py stdio CMD ARGS...   |   python litellm_client_1x.py http|sse URL

What differs from litellm_client.py is the SDK the app is written with, the one in the gateway's environment: the
1.x API has no `Client`, so the app opens the SDK's `streamable_http_client` (with an `httpx` client carrying the
master key) and runs a `ClientSession` on its streams, with the same name, callbacks and calls (front_app.py,
late_calls.py, scenario_calls.py). These releases have no LITELLM_ENABLE_MCP_STDIO switch (stdio servers run
without one), so for stdio the script only names the probe's interpreter in LITELLM_MCP_STDIO_EXTRA_COMMANDS, the
variable with which their allowlist of commands is extended. The gateway's own log goes to `litellm-proxy.log` in the
working folder; its errors are printed at the end.
"""

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from front_app import front_app, say  # beside this script (the recipe's script_helpers)
from late_calls import call_late
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
PORT = 4000  # the gateway's default port; inside the run's network namespace nothing else listens there
KEY = "sk-canimcp-gateway"  # the gateway's master key, which the app presents
SERVER = "probe"  # the server's name in the gateway's config, and the prefix of its tools
LOG = Path("litellm-proxy.log")


def write_config(argv: list[str]) -> Path:
    """The probe as the gateway's config names an MCP server (a command, or a URL and its transport)."""
    if argv[0] == "stdio":
        entry: dict[str, Any] = {"transport": "stdio", "command": argv[1], "args": argv[2:]}
    else:
        entry = {"url": argv[1], "transport": argv[0]}  # `http` (Streamable HTTP) or `sse`
    config = {"mcp_servers": {SERVER: entry}, "general_settings": {"master_key": KEY}}
    path = Path("litellm-config.yaml")
    path.write_text(json.dumps(config, indent=2))  # JSON is YAML
    return path


def start_gateway(config: Path, stdio_command: str | None) -> subprocess.Popen[bytes]:
    command = str(Path(sys.executable).with_name("litellm"))  # the proxy's executable, beside this interpreter
    env = dict(os.environ)
    env["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"  # the bundled price table, not one fetched from GitHub
    if stdio_command:  # only commands of an allowlist may be started, which this variable extends
        env["LITELLM_MCP_STDIO_EXTRA_COMMANDS"] = Path(stdio_command).name
    argv = [command, "--config", str(config), "--host", "127.0.0.1", "--port", str(PORT)]
    with LOG.open("wb") as log:
        return subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def wait_ready(gateway: subprocess.Popen[bytes], seconds: float = 150) -> None:
    started = time.monotonic()
    while time.monotonic() < started + seconds:
        if gateway.poll() is not None:
            raise SystemExit(f"the gateway exited with {gateway.returncode} before it was ready")
        try:
            if httpx.get(f"http://127.0.0.1:{PORT}/health/liveliness", timeout=2).status_code == 200:
                say(f"gateway ready after {time.monotonic() - started:.1f} s")
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise SystemExit("the gateway did not answer its health check in time")


def stop_gateway(gateway: subprocess.Popen[bytes]) -> None:
    time.sleep(5)  # the gateway may open an upstream session of its own as the app leaves: let it finish first
    if gateway.poll() is None:
        os.killpg(gateway.pid, signal.SIGINT)  # as Ctrl+C in its terminal would
        try:
            gateway.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(gateway.pid, signal.SIGKILL)
            gateway.wait()
    lines = LOG.read_text(errors="replace").splitlines() if LOG.exists() else []
    errors = [line for line in lines if " - LiteLLM" in line and ":ERROR:" in line]
    for line in errors[-8:]:
        print(f"gateway: {line[:240]}", file=sys.stderr)
    say(f"gateway stopped ({gateway.returncode}), {len(lines)} log lines")


async def app() -> None:
    prefix = f"{SERVER}-"
    async with (
        httpx.AsyncClient(headers={"Authorization": f"Bearer {KEY}"}, timeout=httpx.Timeout(30, read=300)) as http,
        streamable_http_client(f"http://127.0.0.1:{PORT}/mcp", http_client=http) as (read, write, _),
        ClientSession(read, write, **front_app("canimcp-gateway-app")) as session,
    ):
        init = await session.initialize()
        say(f"initialized with {init.serverInfo} at {init.protocolVersion}")
        say(f"the server's instructions reached the app: {init.instructions!r}"[:300])
        tools = await session.list_tools()
        names = [tool.name for tool in tools.tools]
        say(f"tools: {names}")
        for call in (session.list_resources, session.list_prompts):
            try:
                say(f"{call.__name__}: {str(await call())[:300]}")
            except Exception as exc:  # a server may not offer them; keep going
                say(f"{call.__name__}: {exc}")
        listed = {name.removeprefix(prefix) for name in names if name.startswith(prefix)}

        async def call_tool(name: str, arguments: dict[str, Any]) -> Any:
            result = await session.call_tool(prefix + name, arguments)
            say(f"{name}: {str(result)[:300]}")
            return result

        await call_late(call_tool, listed)  # the tools of one era (late_calls.py)
        if "dropped_stream" in listed:
            try:
                await call_tool("dropped_stream", {})
            except Exception as exc:
                say(f"dropped_stream: {exc}")

        async def run_scenarios() -> str:
            try:
                result = await session.call_tool(prefix + "run_scenarios", {})
            except Exception as exc:  # what comes back for requests nobody answered is part of the record
                return str(exc)
            return " ".join(getattr(block, "text", "") for block in result.content)

        if "run_scenarios" in listed:
            await call_until_done(run_scenarios)
        await asyncio.sleep(HOLD)
    say("closed")


def main() -> None:
    argv = sys.argv[1:]
    gateway = start_gateway(write_config(argv), argv[1] if argv[0] == "stdio" else None)
    try:
        wait_ready(gateway)
        asyncio.run(app())
    finally:
        stop_gateway(gateway)


if __name__ == "__main__":
    main()
