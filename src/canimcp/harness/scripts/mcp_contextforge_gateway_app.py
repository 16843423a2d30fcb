"""ContextForge MCP Gateway (PyPI `mcp-contextforge-gateway`, IBM) as a server author meets it: a gateway that has the
server registered as one of its upstream "gateways", connects to it as an MCP client, and offers the server's tools,
resources and prompts again to its own consumers, through its REST API and through the MCP endpoint of a "virtual
server" that bundles them.

    python mcp_contextforge_gateway_app.py stdio CMD ARGS...   |   python ... http|sse URL
The steps are the ones of the package's README (its PyPI quick start and its "register a local MCP server" demo):
- every value `python -m mcpgateway.scripts.init_secrets --stdout` prints (the README's first step): JWT_SECRET_KEY
  and AUTH_ENCRYPTION_SECRET, which 1.1.0 refuses to start without, and the three passwords; of those the gateway
  checks PLATFORM_ADMIN_PASSWORD and DEFAULT_USER_PASSWORD (email sign-in is on by default) and BASIC_AUTH_PASSWORD
  only when basic auth is on (off by default), and refuses to start with them at their placeholders;
- one setting changed from the code's default: SSRF_ALLOW_LOCALHOST=true. The gateway's SSRF guard refuses a server
  on a loopback address by default (config.py: false), and the probe is one; the README's install copies the
  package's `.env.example`, whose "local/dev" block sets exactly this (with private networks and DNS fail-open, which
  a loopback probe does not need). Every other setting is the code's default
  (SQLite `./mcp.db` in the working folder, cache in the database, no Redis, stateless Streamable HTTP for
  consumers, upstream connect mode `auto`, `mcpgateway` on 127.0.0.1:4444, the platform admin `admin@example.com`
  it creates at start);
- for stdio, which the gateway does not speak upstream (a gateway's transport is SSE or STREAMABLEHTTP), the README's
  bridge: `python -m mcpgateway.translate --stdio "CMD ARGS" --expose-sse --port 9000` spawns the server and offers it
  at http://127.0.0.1:9000/sse, which is then registered like any SSE server;
- a bearer token for the admin API, `python -m mcpgateway.utils.create_jwt_token --username admin@example.com --exp
  10080 --secret $JWT_SECRET_KEY`, as the README makes one;
- `POST /gateways` with the probe's name, URL and transport (`SSE` or `STREAMABLEHTTP`), then the REST API as a
  consumer: `GET /tools`, `/resources`, `/prompts`, a tool call, a resource read and a prompt through `POST /rpc`;
- `POST /servers` with every tool, resource and prompt the gateway took from the probe (a virtual server), and an app
  on the official Python SDK (the `mcp` 2.x the gateway runs on, in the same virtual environment) that connects to
  `/servers/<id>/mcp` with the bearer token, names itself (`canimcp-gateway-app`) and declares roots, sampling and
  elicitation with handlers that answer, so that the runs show whether any of that reaches the server. It connects
  with the initialize handshake (`mode="legacy"`, so at 2025-11-25), whose initialize carries those declarations;
  the SDK's default mode would try server/discover first, which the gateway's endpoint answers. It lists,
  calls the probe's tools of one era (late_calls.py), `dropped_stream` when listed, and `run_scenarios` until its
  result reads as done (at most four calls), then `slow_task` (six seconds) with the SDK's one-second read timeout,
  on which the SDK gives up on the call and, at 2025-11-25, POSTs the gateway notifications/cancelled for it (at
  2026-07-28 it would close the call's stream instead), and holds the connection for CANIMCP_HOLD_SECONDS, past the
  six seconds;
- then the REST API's way of cancelling: `slow_task` (six seconds) through `POST /rpc` with the id `slow`, and a
  second later `POST /rpc` with notifications/cancelled naming `slow` (the gateway registers each /rpc tool call as a
  run under its JSON-RPC id, which that notification cancels), then six seconds, so that an upstream call the cancel
  did not stop would have been answered; then the gateway is stopped with SIGINT.
The gateway's log goes to `mcpgateway.log` in the working folder; its last warnings and errors are printed at the end.
The gateway is registered without auth: its sign-in to an upstream is a redirect flow that a signed-in gateway user
starts at /oauth/authorize/<gateway id>, which this script does not drive (the recipe has no `auth=True`).
"""

import asyncio
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from front_app import front_app, say  # beside this script (the recipe's script_helpers)
from late_calls import call_late
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
PORT = 4444  # the gateway's default port
BRIDGE_PORT = 9000  # the README's port for mcpgateway.translate
GATEWAY = f"http://127.0.0.1:{PORT}"
ADMIN = "admin@example.com"  # the default platform admin, whom the README's token names
SERVER = "probe"
LOG = Path("mcpgateway.log")
PYTHON = sys.executable


def environment() -> dict[str, str]:
    """The secrets `init_secrets --stdout` generates (the gateway refuses to start with its placeholders or its
    default passwords), and the one setting changed from the code's default, which lets it reach a server on
    loopback (the README's `.env.example` sets it in its local/dev block)."""
    env = dict(os.environ)
    done = subprocess.run([PYTHON, "-m", "mcpgateway.scripts.init_secrets", "--stdout"], capture_output=True, text=True)
    for line in done.stdout.splitlines():
        name, sep, value = line.partition("=")
        if sep and name.isupper():
            env[name] = value
    say(f"init_secrets set {sorted(n for n in env if n not in os.environ)}")
    env["SSRF_ALLOW_LOCALHOST"] = "true"  # the probe listens on loopback, which the code's default refuses
    return env


def start(argv: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        return subprocess.Popen(argv, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)


def wait_for(url: str, process: subprocess.Popen[bytes], what: str, seconds: float = 120) -> None:
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if process.poll() is not None:
            raise SystemExit(f"{what} exited with {process.returncode} before it was ready")
        try:
            if httpx.get(url, timeout=2).status_code < 500:
                say(f"{what} ready after {time.monotonic() - started:.1f} s")
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise SystemExit(f"{what} did not answer in time")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def token(env: dict[str, str]) -> str:
    argv = [PYTHON, "-m", "mcpgateway.utils.create_jwt_token", "--username", ADMIN, "--exp", "10080"]
    done = subprocess.run([*argv, "--secret", env["JWT_SECRET_KEY"]], env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"create_jwt_token failed: {done.stderr[-400:]}")
    return done.stdout.strip().splitlines()[-1]


def show(what: str, response: httpx.Response) -> Any:
    try:
        body = response.json()
    except ValueError:
        body = response.text
    say(f"{what} -> {response.status_code} {json.dumps(body)[:500]}")
    return body


def register(api: httpx.Client, url: str, transport: str) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": SERVER, "url": url, "transport": transport}
    body = show("POST /gateways", api.post("/gateways", json=entry))
    return body if isinstance(body, dict) else {}


def rest(api: httpx.Client) -> dict[str, list[dict[str, Any]]]:
    listed: dict[str, list[dict[str, Any]]] = {}
    for kind in ("tools", "resources", "prompts"):
        body = show(f"GET /{kind}", api.get(f"/{kind}", params={"include_inactive": "false"}))
        items = body if isinstance(body, list) else (body.get("items") or body.get(kind) or [])
        listed[kind] = [item for item in items if isinstance(item, dict)]
        say(f"{kind}: {[item.get('name') or item.get('uri') for item in listed[kind]]}")
    names = exposed(listed["tools"])
    for original in ("failing_tool", "structured_result"):
        if name := names.get(original):
            rpc = {"jsonrpc": "2.0", "id": original, "method": "tools/call", "params": {"name": name, "arguments": {}}}
            show(f"POST /rpc tools/call {name}", api.post("/rpc", json=rpc))
    rpc = {"jsonrpc": "2.0", "id": "read", "method": "resources/read", "params": {"uri": "probe://static/hello"}}
    show("POST /rpc resources/read", api.post("/rpc", json=rpc))
    if prompt := exposed(listed["prompts"]).get("probe_prompt"):
        rpc = {"jsonrpc": "2.0", "id": "prompt", "method": "prompts/get",
               "params": {"name": prompt, "arguments": {"topic": "tools"}}}  # fmt: skip
        show("POST /rpc prompts/get", api.post("/rpc", json=rpc))
    return listed


def rest_cancel(api: httpx.Client, names: dict[str, str]) -> None:
    """A slow call through /rpc, cancelled a second later with notifications/cancelled through /rpc."""
    if not (name := names.get("slow_task")):
        return
    call = {"jsonrpc": "2.0", "id": "slow", "method": "tools/call",
            "params": {"name": name, "arguments": {"seconds": 6}}}  # fmt: skip
    cancel = {"jsonrpc": "2.0", "method": "notifications/cancelled",
              "params": {"requestId": "slow", "reason": "gave up"}}  # fmt: skip
    with ThreadPoolExecutor(1) as pool:
        pending = pool.submit(api.post, "/rpc", json=call)
        time.sleep(1)
        show("POST /rpc notifications/cancelled slow", api.post("/rpc", json=cancel))
        show(f"POST /rpc tools/call {name} (slow)", pending.result())
    time.sleep(6)  # an upstream call still under way would end (and be answered) by then


def exposed(items: list[dict[str, Any]]) -> dict[str, str]:
    """The server's own name of each item -> the name the gateway offers it under (`probe-run-scenarios`)."""
    return {str(item.get("originalName")): str(item.get("name")) for item in items if item.get("originalName")}


def virtual_server(api: httpx.Client, listed: dict[str, list[dict[str, Any]]]) -> str:
    server = {
        "name": "canimcp",
        "description": "the probe's tools, resources and prompts",
        "associated_tools": [tool["id"] for tool in listed["tools"]],
        "associated_resources": [resource["id"] for resource in listed["resources"]],
        "associated_prompts": [prompt["id"] for prompt in listed["prompts"]],
    }
    body = show("POST /servers", api.post("/servers", json={"server": server}))
    return str(body["id"])


async def app(server_id: str, bearer: str, names: dict[str, str]) -> None:
    import httpx2  # the SDK 2.x's HTTP client

    headers = {"Authorization": f"Bearer {bearer}"}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30, read=300)) as http,
        Client(
            streamable_http_client(f"{GATEWAY}/servers/{server_id}/mcp", http_client=http), mode="legacy",
            **front_app("canimcp-gateway-app"),
        ) as client,
    ):  # fmt: skip
        say(f"initialized with {client.server_info} at {client.protocol_version}")
        say(f"the server's instructions reached the app: {client.instructions!r}")
        tools = await client.list_tools()
        tool_names = {tool.name for tool in tools.tools}
        say(f"tools: {sorted(tool_names)}")
        for call in (client.list_resources, client.list_prompts):
            try:
                say(f"{call.__name__}: {await call()}")
            except Exception as exc:
                say(f"{call.__name__}: {exc}")
        listed = {original for original, name in names.items() if name in tool_names}

        async def call_tool(name: str, arguments: dict[str, Any]) -> Any:
            result = await client.call_tool(names[name], arguments)
            say(f"{name}: {result}")
            return result

        await call_late(call_tool, listed)
        if "dropped_stream" in listed:
            try:
                await call_tool("dropped_stream", {})
            except Exception as exc:
                say(f"dropped_stream: {exc}")

        async def run_scenarios() -> str:
            try:
                result = await client.call_tool(names["run_scenarios"], {})
            except Exception as exc:
                return str(exc)
            return " ".join(getattr(block, "text", "") for block in result.content)

        if "run_scenarios" in listed:
            await call_until_done(run_scenarios)
        if "slow_task" in listed:  # given up on after a second: the SDK then sends notifications/cancelled
            try:
                say(f"slow_task: {await client.call_tool(names['slow_task'], {'seconds': 6}, 1.0)}")
            except Exception as exc:
                say(f"slow_task given up: {exc!r}")
        await asyncio.sleep(HOLD)
    say("closed")


def main() -> None:
    argv = sys.argv[1:]
    env = environment()
    bridge = None
    if argv[0] == "stdio":  # the README's bridge for a stdio server: it offers the server over SSE
        command = [PYTHON, "-m", "mcpgateway.translate", "--stdio", shlex.join(argv[1:]), "--expose-sse"]
        bridge = start([*command, "--port", str(BRIDGE_PORT)], env, Path("translate.log"))
        url, transport = f"http://127.0.0.1:{BRIDGE_PORT}/sse", "SSE"
    else:
        url, transport = argv[1], {"http": "STREAMABLEHTTP", "sse": "SSE"}[argv[0]]
    gateway = start([str(Path(PYTHON).with_name("mcpgateway"))], env, LOG)
    try:
        if bridge:
            wait_for(f"http://127.0.0.1:{BRIDGE_PORT}/healthz", bridge, "translate")
        wait_for(f"{GATEWAY}/health", gateway, "the gateway")
        bearer = token(env)
        with httpx.Client(base_url=GATEWAY, headers={"Authorization": f"Bearer {bearer}"}, timeout=120) as api:
            register(api, url, transport)
            listed = rest(api)
            server_id = virtual_server(api, listed)
            names = exposed(listed["tools"])
            asyncio.run(app(server_id, bearer, names))
            rest_cancel(api, names)
    finally:
        stop(gateway)
        if bridge:
            stop(bridge)
        lines = LOG.read_text(errors="replace").splitlines() if LOG.exists() else []
        for line in [line for line in lines if "ERROR" in line or "WARNING" in line][-10:]:
            print(f"gateway: {line[:300]}", file=sys.stderr)
        say(f"gateway stopped, {len(lines)} log lines")


if __name__ == "__main__":
    main()
