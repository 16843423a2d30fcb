"""LiveKit Agents (PyPI `livekit-agents`, the framework for realtime voice agents) and its MCP servers, driven by a
few-line script. Its MCP support (`livekit.agents.llm.mcp`) is a thin layer over the official Python SDK's low-level
`ClientSession`: `MCPServerStdio(command=..., args=[...])` or `MCPServerHTTP(url=...)` (Streamable HTTP for a URL
whose path ends in `/mcp`, else the legacy HTTP+SSE transport), wrapped in an `MCPToolset` among an Agent's tools
(or given as `mcp_servers=` to an `Agent`/`AgentSession`, which 1.8 still takes but logs as deprecated and wraps in
the same toolset). The plain script sets the toolset up and calls the tools as the agent's executor does, printing
what the model would read.

With `--agent` the script is an `Agent` with that toolset in an `AgentSession` on the OpenAI plugin's `openai.LLM`
(Chat Completions) at the scripted model, run with no room as LiveKit's testing helpers run it: `session.start(agent)`
and `session.run(user_input=...)`, one text turn with no LiveKit server, audio or STT/TTS.

The version: the newest final release (1.8.x). `probe outdated` and a `probe run` without a version ask `pip index
versions` without `--pre`, so the pre-release 2.0.0b1 is never their "latest"; the runs follow that. The extras are
the ones the documentation names: `mcp` (the SDK, `mcp>=2.2,<3` in 1.8.9, so no pin) for every run, and `openai`
(the OpenAI plugin) beside it for the agent runs only."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="livekit-agents",
    package="pypi:livekit-agents",
    bin="python",
    script="livekit_agents_client.py",
    agent_script="livekit_agents_agent.py",  # `probe run --agent`: Agent + AgentSession.run on openai.LLM
    extra_packages=("livekit-agents[mcp]==$version",),  # the extra brings the MCP SDK
    agent_packages=("livekit-agents[mcp,openai]==$version",),  # and the OpenAI plugin for the agent
    script_helpers=("scenario_calls.py", "late_calls.py"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http", "sse"),  # MCPServerHTTP: /mcp is Streamable HTTP, any other path legacy SSE
    timeout=180.0,
)
