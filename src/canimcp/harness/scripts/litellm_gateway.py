"""LiteLLM's proxy as the harness runs it, shared by litellm_client.py (releases on the official Python SDK 2.x) and
litellm_client_1x.py (releases on the 1.x): the gateway's config file with the probe as its one MCP server, the
gateway started on loopback with `litellm --config ...` (the executable beside this interpreter), its health check,
and its stop with the errors of its log printed. The apps in front of it differ with the SDK they are written on.

For runs made by hand (not by the harness), two variables change the config, each a documented option of the
gateway's: CANIMCP_LITELLM_SERVER, a JSON object merged into the server's config entry (`{"protocol_version":
"2026-07-28"}`, `{"allow_sampling": true, "allow_elicitation": true}`), and CANIMCP_MODEL_URL, which adds the scripted
model (harness/model.py) as the gateway's one model, the one it samples with.
"""

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from front_app import say  # beside this script (the recipe's script_helpers)
from late_calls import call_late
from scenario_calls import call_until_done

PORT = 4000  # the gateway's default port; inside the run's network namespace nothing else listens there
KEY = "sk-canimcp-gateway"  # the gateway's master key, which the app presents
SERVER = "probe"  # the server's name in the gateway's config, and the prefix of its tools
LOG = Path("litellm-proxy.log")


def server_entry(argv: list[str]) -> dict[str, Any]:
    """The probe as the gateway's config names an MCP server: a command, or a URL and its transport."""
    if argv[0] == "stdio":
        return {"transport": "stdio", "command": argv[1], "args": argv[2:]}
    return {"url": argv[1], "transport": argv[0]}  # `http` (Streamable HTTP) or `sse`, as the config names them


def write_config(argv: list[str]) -> Path:
    entry = server_entry(argv) | json.loads(os.environ.get("CANIMCP_LITELLM_SERVER") or "{}")
    config: dict[str, Any] = {"mcp_servers": {SERVER: entry}, "general_settings": {"master_key": KEY}}
    if model := os.environ.get("CANIMCP_MODEL_URL"):  # a model for the gateway, for runs that let it sample
        params = {"model": "openai/scripted", "api_base": f"{model}/v1", "api_key": "dummy"}
        config["model_list"] = [{"model_name": "scripted", "litellm_params": params}]
    path = Path("litellm-config.yaml")
    path.write_text(json.dumps(config, indent=2))  # JSON is YAML
    return path


def start_gateway(config: Path, stdio_command: str | None, stdio_switch: bool) -> subprocess.Popen[bytes]:
    """The gateway, its output to LOG. A stdio server's command must be on the gateway's allowlist, which
    LITELLM_MCP_STDIO_EXTRA_COMMANDS extends (here with the probe's interpreter); releases with a switch for stdio
    servers (`stdio_switch`) refuse them unless LITELLM_ENABLE_MCP_STDIO is on. Both are set for stdio runs only."""
    command = str(Path(sys.executable).with_name("litellm"))  # the proxy's executable, beside this interpreter
    env = dict(os.environ)
    env["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"  # the bundled price table, not one fetched from GitHub
    if stdio_command:
        if stdio_switch:
            env["LITELLM_ENABLE_MCP_STDIO"] = "true"
        env["LITELLM_MCP_STDIO_EXTRA_COMMANDS"] = Path(stdio_command).name  # the allowlist's own extension
    argv = [command, "--config", str(config), "--host", "127.0.0.1", "--port", str(PORT)]
    with LOG.open("wb") as log:
        return subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def wait_ready(gateway: subprocess.Popen[bytes], seconds: float = 150) -> None:
    started = time.monotonic()
    while time.monotonic() < started + seconds:
        if gateway.poll() is not None:
            raise SystemExit(f"the gateway exited with {gateway.returncode} before it was ready")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{PORT}/health/liveliness", timeout=2) as answer:
                if answer.status == 200:
                    say(f"gateway ready after {time.monotonic() - started:.1f} s")
                    return
        except OSError:  # not listening yet, or not ready (urllib's URLError and HTTPError are OSErrors)
            pass
        time.sleep(0.5)
    raise SystemExit("the gateway did not answer its health check in time")


def stop_gateway(gateway: subprocess.Popen[bytes]) -> None:
    time.sleep(5)  # the gateway opens an upstream session of its own as the app leaves: let it finish first
    if gateway.poll() is None:
        os.killpg(gateway.pid, signal.SIGINT)  # as Ctrl+C in its terminal would
        try:
            gateway.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(gateway.pid, signal.SIGKILL)
            gateway.wait()
    lines = LOG.read_text(errors="replace").splitlines() if LOG.exists() else []
    errors = [line for line in lines if " - LiteLLM" in line and ":ERROR:" in line]
    for line in errors[-8:]:  # the stderr the harness keeps is short: the app's own lines come first
        print(f"gateway: {line[:240]}", file=sys.stderr)
    say(f"gateway stopped ({gateway.returncode}), {len(lines)} log lines")


async def list_and_call(client: Any) -> Any:
    """What the app in front of the gateway asks of it, on the SDK 2.x `Client` or the 1.x `ClientSession` alike
    (the methods have the same names): it lists tools, resources and prompts, calls the probe's tools of one era
    (late_calls.py; the gateway names each tool `probe-<name>`), `dropped_stream` when listed, and `run_scenarios`
    until its result reads as done (at most four calls), each step printed. Returns the tool listing."""
    prefix = f"{SERVER}-"
    tools = await client.list_tools()
    names = [tool.name for tool in tools.tools]
    say(f"tools: {names}")
    for call in (client.list_resources, client.list_prompts):
        try:
            say(f"{call.__name__}: {str(await call())[:300]}")
        except Exception as exc:  # a server may not offer them; keep going
            say(f"{call.__name__}: {exc}")
    listed = {name.removeprefix(prefix) for name in names if name.startswith(prefix)}

    async def call_tool(name: str, arguments: dict[str, Any]) -> Any:
        result = await client.call_tool(prefix + name, arguments)
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
            result = await client.call_tool(prefix + "run_scenarios", {})
        except Exception as exc:  # what comes back for requests nobody answered is part of the record
            return str(exc)
        return " ".join(getattr(block, "text", "") for block in result.content)

    if "run_scenarios" in listed:
        await call_until_done(run_scenarios)
    return tools


def run(app: Callable[[], Awaitable[None]], argv: list[str], stdio_switch: bool) -> None:
    """Start the gateway for the probe named in `argv`, run `app()` (a coroutine function) in front of it, stop it."""
    gateway = start_gateway(write_config(argv), argv[1] if argv[0] == "stdio" else None, stdio_switch)
    try:
        wait_ready(gateway)
        asyncio.run(app())
    finally:
        stop_gateway(gateway)
