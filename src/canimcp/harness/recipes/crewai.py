"""CrewAI (PyPI `crewai`) and its native MCP support (`Agent(mcps=[...])`), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="crewai",
    package="pypi:crewai",
    bin="python",
    script="crewai_client.py",
    agent_script="crewai_agent.py",  # `probe run --agent`: a one-task crew on CrewAI's own OpenAI provider
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http", "sse"),  # sse: `MCPServerSSE`, a config class of its own
)
