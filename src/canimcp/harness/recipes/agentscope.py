"""AgentScope (PyPI `agentscope`, Alibaba) and its MCP client, driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="agentscope",
    package="pypi:agentscope",
    bin="python",
    script="agentscope_client.py",
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http", "sse"),  # sse: an HttpMCPConfig whose URL path ends in /sse
    script_helpers=("late_calls.py",),
)
