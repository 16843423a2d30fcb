"""Flock (PyPI `flock-core`, white duck's declarative blackboard framework for agents) and its MCP layer, driven by a
few-line script. A server is registered on the `Flock` orchestrator with `add_mcp(name, connection_params)` and given
to agents with `with_mcps([...])`; the orchestrator's `FlockMCPClientManager` opens one connection per (agent, run)
when the agent first asks for tools. Each connection is the official Python SDK's `ClientSession` (`mcp==1.23.0`,
pinned by the package itself) with Flock's own callbacks for roots, sampling, logging and other messages, and no
clientInfo, so a server sees the SDK's default name.

The plain script (flock_client.py) registers the probe with `add_mcp`, asks the manager for an agent's tools and calls
`run_scenarios` through the DSPy tool an agent would get. With `--agent` (flock_agent.py) an agent built with
`flock.agent(...).consumes(...).publishes(...).with_mcps(["probe"])` runs on Flock's default engine, `DSPyEngine`, whose
program is `dspy.ReAct` once the agent has tools, at the scripted model through LiteLLM's OpenAI provider: no extra
packages, since dspy and litellm are flock-core's own requirements. ReAct names its tools in its instructions and reads
each step from fields its model writes, which the scripted model does for it (harness/field_tools.py).

Transports: stdio, Streamable HTTP and SSE, Flock's `StdioServerParameters`, `StreamableHttpServerParameters` and
`SseServerParameters`. It has a WebSocket client too, which is no MCP transport the probe serves (and which `add_mcp`
cannot reach: it records the transport as "websockets" and the manager looks for "websocket"). No sign-in: the HTTP
parameters take an httpx `Auth` the app builds, and Flock has no OAuth flow of its own.

Python 3.12: every release since 0.5.8 requires it (0.5.0 to 0.5.7 took 3.10), so pip under the project's 3.11 offers
0.5.7 at most, while under 3.12 it installs the newest, 0.5.700 (2026-10-06). LITELLM_LOCAL_MODEL_COST_MAP keeps
LiteLLM from fetching its price table from GitHub on import (the sandbox has no route out)."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="flock",
    package="pypi:flock-core",
    bin="python",
    python="3.12",
    script="flock_client.py",
    agent_script="flock_agent.py",  # `probe run --agent`: a Flock agent on DSPyEngine (dspy.ReAct over LiteLLM)
    surfaces={"session": "add-mcp"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http", "sse"),
    env={"LITELLM_LOCAL_MODEL_COST_MAP": "True"},
    timeout=240,
)
