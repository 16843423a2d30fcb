"""Atomic Agents (PyPI `atomic-agents`, BrainBlend AI's agent framework) and its MCP tool factory
(`fetch_mcp_tools`, which builds a tool class per server tool), driven by a few-line script.

Release 1.x has two transports: stdio (a command string, or a `ClientSession` the app opened and passes in with its
event loop, which is what its stdio example does) and the legacy HTTP+SSE transport (a base URL, to which the factory
appends `/sse`). It imports no Streamable HTTP client of the SDK, so there is no `http` run. Its agent is `BaseAgent` on
`instructor` around an OpenAI client: the agent script points that client at the scripted model.

A default install takes the newest `instructor` below 2 (1.17.0), beside which the tool factory works but the agent
does not: `agent_memory` imports `instructor.multimodal`, which 1.15.3 removed (and 1.11.0 to 1.11.2 lack), and
`BaseIOSchema` refuses a subclass with no docstring unless it was made in the module `instructor.function_calls`,
where instructor 1.11.0 stopped making the wrapper it puts around every response model. So agent runs install
`instructor<1.11` (1.10.0) beside it; the plain runs keep the default install."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="atomic-agents",
    package="pypi:atomic-agents",
    bin="python",
    script="atomic_agents_client.py",
    agent_script="atomic_agents_agent.py",  # `probe run --agent`: the example's orchestrator BaseAgent on instructor
    # the agent fails beside instructor 1.11 and later, which a default install takes (module docstring)
    agent_packages=("instructor<1.11",),
    script_helpers=("scenario_calls.py",),  # how many calls of run_scenarios, and how a done result reads
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "sse"),  # use_stdio=True, or a URL the factory reads as an SSE server's base
)
