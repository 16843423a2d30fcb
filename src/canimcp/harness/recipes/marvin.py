"""Marvin (PyPI `marvin`, Prefect's AI toolkit) and its MCP support, driven by a few-line script.

Marvin has no MCP client of its own: an agent takes Pydantic AI's server classes in `mcp_servers` (its MCP guide
shows `MCPServerStdio`; `MCPServerStreamableHTTP` and `MCPServerSSE` share its base class `MCPServer`, which is all
`Agent.get_mcp_servers` checks), and its orchestrator starts them with its own small manager (an stdio server is
given the whole environment of the process) and hands them to each turn's Pydantic AI agent as toolsets. The plain
script starts the servers with that manager and calls the probe's tools on them; with `--agent` the script is
`Agent.run_async` on Marvin's default model (`openai:gpt-4o`, Chat Completions through Pydantic AI 1.x) with
OPENAI_BASE_URL at the scripted model.

`pydantic-ai<1.95`: release 3.2.7 asks for `pydantic-ai>=1.9.0` with no upper bound, and a default install takes the
newest full `pydantic-ai` this registry can resolve (2.62.0, with mcp 2.3.0; 2.66.0 names a `pydantic-evals`
release the registry does not have). Beside any 2.x, `import marvin` fails: it imports `Usage` from
`pydantic_ai.usage` and `MCPServer` and `MCPServerStdio` from `pydantic_ai.mcp`, which 2.0.0 removed. Below 2 it
imports, but from 1.95.0 on every agent run fails before its first model request: Marvin's event loop makes Pydantic
AI's private `ModelResponsePartsManager()` with no arguments, and 1.95.0 made `model_request_parameters` a required
one. 1.94.0 (May 2026), the newest release an agent runs on, comes with the pin, and the Python SDK 1.30.0 with it;
so the runs show what a Marvin user gets where it works."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="marvin",
    package="pypi:marvin",
    bin="python",
    script="marvin_client.py",
    agent_script="marvin_agent.py",  # `probe run --agent`: Agent.run_async on the default openai: model
    pins=("pydantic-ai<1.95",),  # 2.x fails at `import marvin`, 1.95 on at every agent run
    script_helpers=("scenario_calls.py", "late_calls.py"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http", "sse"),  # any pydantic_ai.mcp.MCPServer: MCPServerStreamableHTTP, MCPServerSSE
)
