"""Griptape (PyPI `griptape`) and its `MCPTool`, driven by a few-line script.

No extra of the package brings the MCP SDK: the tool ships a requirements file (`mcp[ws]>=1.10.0,<2`,
`exceptiongroup`) and pip-installs it whenever a tool is made, which a sandbox with no route out cannot do. The
recipe installs those requirements beside it, as that step would have; the tool's own attempt then fails quietly, as
griptape lets it."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="griptape",
    package="pypi:griptape",
    bin="python",
    script="griptape_client.py",
    agent_script="griptape_agent.py",  # `probe run --agent`: an Agent on its OpenAI chat prompt driver
    extra_packages=("mcp[ws]>=1.10.0,<2", "exceptiongroup>=1.2.2"),  # tools/mcp/requirements.txt of the package
    script_helpers=("scenario_calls.py",),  # the calls of run_scenarios the plain script makes
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http", "sse"),  # a connection's `transport`: stdio, streamable_http, sse
)
