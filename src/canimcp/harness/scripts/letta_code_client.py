"""Letta Code (`letta`, PyPI `letta`) with the probe as a client-local MCP server of one local agent, for harness runs.

Set up as a user without a Letta account would: with the local backend (`--backend local`: agents, conversations and
provider keys kept under ~/.letta/lc-local-backend), it creates an agent with `letta agents create` and adds the probe
to that agent's servers in ~/.letta/settings.json, in the shape `/mcp add` saves there (a command with its args and
the working folder; or a URL with `transport` "http" or "sse"). Then:

- health: the commands the agent's own shell runs to find a server's tools, run as that shell runs them (the local
  backend switched on and the agent named by LETTA_LOCAL_BACKEND_EXPERIMENTAL and LETTA_AGENT_ID, which Letta Code
  hands its shell): `letta mcp tools probe`, `letta mcp search`, `letta mcp schema`. Each is a connection of its own.
- session: the scripted model (CANIMCP_MODEL_URL) connected as an OpenAI-compatible provider, as `letta connect
  openai-compatible --base-url` does, the agent made on its model, and one headless turn (`letta -p`). The agent's
  model reaches MCP tools only through its shell, with `letta mcp tools` and `letta mcp call` (which the scripted
  model runs: harness/shell_tools.py), each command again a connection of its own.

    python3 letta_code_client.py MODE TRANSPORT TARGET   (TARGET: the probe's URL, or its stdio command as JSON)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

LOCAL = ["--backend", "local"]
MODEL = "openai-compatible/scripted"  # the provider's name, then the one model the scripted model lists


def letta(*args: str, env: dict[str, str] | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(["letta", *args], capture_output=True, text=True, timeout=timeout, env=env)
    print(f"$ letta {' '.join(args)}  (exit {done.returncode})", flush=True)
    print(done.stdout[-3000:], done.stderr[-3000:], sep="\n", flush=True)
    return done


def add_server(agent_id: str, transport: str, target: str) -> None:
    """The probe as `/mcp add --transport <transport> probe <url|command...>` saves it for the agent."""
    server: dict[str, object]
    if transport == "stdio":
        argv = json.loads(target)
        server = {"name": "probe", "transport": "stdio", "command": argv[0], "args": argv[1:], "cwd": os.getcwd()}
    else:
        server = {"name": "probe", "transport": transport, "url": target}  # `http` or `sse`, as /mcp add names them
    path = Path.home() / ".letta" / "settings.json"
    settings = json.loads(path.read_text(encoding="utf-8"))
    for agent in settings.get("agents", []):
        if agent.get("agentId") == agent_id:
            agent["mcpServers"] = [*agent.get("mcpServers", []), server]
            break
    else:
        raise SystemExit(f"no settings entry for {agent_id}")
    path.write_text(json.dumps(settings, indent=2), encoding="utf-8")


def main() -> int:
    mode, transport, target = sys.argv[1:4]
    on_model = mode == "session"
    if on_model:
        base = f"{os.environ['CANIMCP_MODEL_URL']}/v1"
        letta(*LOCAL, "connect", "openai-compatible", "--base-url", base, "--api-key", "dummy")
    created = letta(*LOCAL, "agents", "create", "--name", "probe-agent", *(["--model", MODEL] if on_model else []))
    agent_id = json.loads(created.stdout)["id"]
    add_server(agent_id, transport, target)
    if on_model:
        return letta(*LOCAL, "--agent", agent_id, "-p", "hi", "--output-format", "json", timeout=400).returncode
    shell = {**os.environ, "LETTA_LOCAL_BACKEND_EXPERIMENTAL": "1", "LETTA_AGENT_ID": agent_id}
    failed = 0
    for command in (["tools", "probe"], ["search", "run scenarios"], ["schema", "mcp__probe__run_scenarios"]):
        failed |= letta("mcp", *command, env=shell).returncode
    return failed


if __name__ == "__main__":
    sys.exit(main())
