"""Jupyter AI (PyPI `jupyter-ai`, with its `jupyternaut` extra) as a user runs it: JupyterLab with the server given
through the workspace's `.jupyter/mcp_settings.json`, and one chat message to Jupyternaut, sent the way the chat
panel sends it, with this script in the place of the browser.

    python jupyter_ai_session.py stdio CMD ARGS...   |   python jupyter_ai_session.py http URL

In the working folder (the server's root, the workspace) it writes `.jupyter/mcp_settings.json` as Jupyter AI's
documentation shows, with the probe as its one entry (`name`, `command`, `args`; or `"type": "http"`, `name` and
`url`). The model is set as the Jupyternaut docs show an administrator, in a JSON config file passed with `--config`
(the docs name the traitlets' class `AiExtension`; in 3.2.0 they belong to `JupyternautExtension`):
`initial_language_model` names LiteLLM's OpenAI-compatible route (`openai/scripted`) and `model_parameters` gives it the
scripted model's `api_base` (harness/model.py, $CANIMCP_MODEL_URL/v1, Chat Completions). It starts `jupyter lab
--no-browser` (the executable beside this interpreter) on loopback with a token, waits for `/api/status`, sets a
placeholder OpenAI key with the call the settings panel's "API keys" section makes (`PUT /api/jupyternaut/secrets`; the
server writes it to the workspace's `.env` and applies it), creates `probe.chat` through the contents API and opens the
chat's WebSocket (`/api/chat/ws/probe.chat`, jupyterlab-chat's transport when no collaboration package is installed).
Once the persona manager has put Jupyternaut among the chat's users it sends one message whose metadata names
Jupyternaut as its target (`to_persona`, which the chat input's persona picker stamps on every message), prints every
message the chat shows, and waits until the reply ends with the scripted model's "Done." (or shows nothing new for 30
seconds once the persona has stopped writing). It then holds the chat open for CANIMCP_HOLD_SECONDS, closes it and stops
JupyterLab with SIGTERM (a first Ctrl+C only asks for a confirmation), killing it if it has not exited 10 seconds later
(in trials it stayed up after its own shutdown had finished). JupyterLab's log goes to `jupyter-lab.log`; its lines
about MCP, tools, personas and errors are printed at the end.
"""

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import quote

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
PORT = 8888  # JupyterLab's default port; inside the run's network namespace nothing else listens there
TOKEN = "canimcp-jupyter-token"
BASE = f"http://127.0.0.1:{PORT}"
CHAT = "probe.chat"
PERSONA = "jupyter-ai-personas::jupyter_ai_jupyternaut::JupyternautPersona"  # the persona's id: package and class
MODEL = "openai/scripted"  # LiteLLM's OpenAI-compatible provider, any model name
LOG = Path("jupyter-lab.log")
REPLY_SECONDS = 240  # how long the reply may take
QUIET = 30  # a reply that shows nothing new for this long, with the persona no longer writing, has ended


def say(what: str) -> None:
    print(f"app: {what}"[:600], file=sys.stderr, flush=True)


def server_entry(argv: list[str]) -> dict[str, Any]:
    """The probe as `.jupyter/mcp_settings.json` names a server: a command and its arguments, or an HTTP URL."""
    if argv[0] == "stdio":
        return {"name": "probe", "command": argv[1], "args": argv[2:]}
    return {"type": "http", "name": "probe", "url": argv[1]}


def write_workspace(argv: list[str]) -> Path:
    Path(".jupyter").mkdir(exist_ok=True)
    settings = {"mcp_servers": [server_entry(argv)]}
    Path(".jupyter/mcp_settings.json").write_text(json.dumps(settings, indent=2) + "\n")
    config: dict[str, Any] = {"JupyternautExtension": {"initial_language_model": MODEL}}
    if model := os.environ.get("CANIMCP_MODEL_URL"):
        config["JupyternautExtension"]["model_parameters"] = {MODEL: {"api_base": f"{model}/v1"}}
    path = Path("jupyter-ai-config.json").resolve()
    path.write_text(json.dumps(config, indent=2) + "\n")
    return path


def start_lab(config: Path) -> subprocess.Popen[bytes]:
    command = str(Path(sys.executable).with_name("jupyter"))
    argv = [
        command, "lab", "--no-browser", "--ip=127.0.0.1", f"--port={PORT}", "--port-retries=0",
        f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={Path.cwd()}", f"--config={config}",
        "--allow-root",  # the harness's sandbox runs as root, which JupyterLab refuses without this flag
    ]  # fmt: skip
    env = dict(os.environ)
    env["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"  # LiteLLM's bundled price table, not one fetched from GitHub
    with LOG.open("wb") as log:
        return subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


async def api(method: str, path: str, body: Any = None) -> tuple[int, Any]:
    request = HTTPRequest(
        f"{BASE}{path}", method=method, headers={"Authorization": f"token {TOKEN}"},
        body=None if body is None else json.dumps(body), request_timeout=20,
    )  # fmt: skip
    try:
        response = await AsyncHTTPClient().fetch(request)
    except HTTPClientError as exc:
        return exc.code, None
    return response.code, json.loads(response.body or b"null")


async def wait_ready(lab: subprocess.Popen[bytes], seconds: float = 120) -> None:
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if lab.poll() is not None:
            raise SystemExit(f"JupyterLab exited with {lab.returncode} before it was ready")
        try:
            status, _ = await api("GET", "/api/status")
            if status == 200:
                say(f"JupyterLab ready after {time.monotonic() - started:.1f} s")
                return
        except OSError:
            pass
        await asyncio.sleep(0.5)
    raise SystemExit("JupyterLab did not answer /api/status in time")


def show(message: dict[str, Any]) -> str:
    return f"{message.get('sender', '?')}: {str(message.get('body', ''))[:400]!r}"


async def chat() -> None:
    # the API key as the settings panel's "API keys" section sets it: the server writes it to the workspace's `.env`
    # and applies that file to its environment
    status, _ = await api("PUT", "/api/jupyternaut/secrets", {"updated_secrets": {"OPENAI_API_KEY": "dummy"}})
    say(f"API key set: {status}")
    status, _ = await api("PUT", f"/api/contents/{CHAT}", {"type": "file", "format": "text", "content": "{}"})
    say(f"created {CHAT}: {status}")
    url = f"ws://127.0.0.1:{PORT}/api/chat/ws/{quote(CHAT)}"
    ws = await websocket_connect(HTTPRequest(url, headers={"Authorization": f"token {TOKEN}"}))
    users: dict[str, Any] = {}
    replies: dict[str, dict[str, Any]] = {}
    writing = False
    sent = False
    last = time.monotonic()  # when the chat last showed anything
    deadline = time.monotonic() + REPLY_SECONDS
    ready_by = time.monotonic() + 60  # wait this long for the persona to join, then send anyway
    while time.monotonic() < deadline:
        if not sent and (PERSONA in users or time.monotonic() > ready_by):
            say(f"Jupyternaut {'joined' if PERSONA in users else 'never joined'}; users: {sorted(users)}")
            frame = {
                "type": "client", "action": "send", "id": str(uuid.uuid4()), "body": "hi",
                "metadata": {"to_persona": PERSONA},
            }  # fmt: skip
            await ws.write_message(json.dumps(frame))
            sent = True
        try:
            raw = await asyncio.wait_for(ws.read_message(), timeout=1)
        except TimeoutError:
            raw = ""
        if raw is None:
            say("the chat's WebSocket closed")
            break
        if not raw:
            if sent and replies and not writing and time.monotonic() - last > QUIET:
                say(f"the reply ended without 'Done.' ({QUIET:.0f} s with nothing new)")
                break
            continue
        last = time.monotonic()
        data = json.loads(raw)
        action = data.get("action")
        if action == "connection":
            users.update(data.get("users") or {})
            for message in data.get("messages") or []:
                say(f"history: {show(message)}")
        elif action == "users":
            users.update(data.get("users") or {})
        elif action == "writing":
            writing = bool(data.get("state"))
        elif action == "message":
            message = data.get("message") or {}
            if message.get("sender") != PERSONA:
                say(f"message: {show(message)}")
                continue
            first = message.get("id") not in replies
            replies[message.get("id", "")] = message
            if first:
                say(f"Jupyternaut started a reply: {show(message)}")
        if sent and not writing and any(str(m.get("body", "")).rstrip().endswith("Done.") for m in replies.values()):
            break
    for message in replies.values():
        say(f"Jupyternaut's reply: {show(message)}")
    if not replies:
        say("no reply from Jupyternaut")
    await asyncio.sleep(HOLD)
    ws.close()
    await asyncio.sleep(1)


async def session(lab: subprocess.Popen[bytes]) -> None:
    await wait_ready(lab)
    await chat()


def stop_lab(lab: subprocess.Popen[bytes]) -> None:
    if lab.poll() is None:
        os.killpg(lab.pid, signal.SIGTERM)  # a clean stop (a first Ctrl+C only asks for a confirmation)
        try:
            lab.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(lab.pid, signal.SIGKILL)
            lab.wait()
    lines = LOG.read_text(errors="replace").splitlines() if LOG.exists() else []
    words = ("mcp", "MCP", "tool", "Tool", "ERROR", "Error", "Traceback", "persona", "Persona")
    for line in [line for line in lines if any(word in line for word in words)][-30:]:
        print(f"lab: {line[:300]}", file=sys.stderr)
    say(f"JupyterLab stopped ({lab.returncode}), {len(lines)} log lines")


def main() -> None:
    argv = sys.argv[1:]
    lab = start_lab(write_workspace(argv))
    try:
        asyncio.run(session(lab))
    finally:
        stop_lab(lab)


if __name__ == "__main__":
    main()
