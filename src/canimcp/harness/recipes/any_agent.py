"""any-agent (PyPI `any-agent`, Mozilla.ai), one agent interface over several frameworks, and its MCP support,
driven by a few-line script. An MCP server is one of an agent's tools (`MCPStdio`, `MCPStreamableHttp` or `MCPSse`
in its `AgentConfig`); creating the agent connects it through any-agent's own `MCPClient` (the official Python
SDK's `ClientSession`, with no clientInfo and no handlers) for every framework but smolagents, which hands the
config to smolagents' `MCPClient` instead. The plain script drives that `MCPClient` as `tinyagent` does (the one
framework a plain install can run; each other one needs an extra): connect, list, call the tools through the
functions it makes.

With `--agent` the script is `AnyAgent.create_async("tinyagent", ...)` on any-llm's OpenAI provider (Chat
Completions) at the scripted model.

`mcp<2`: any-agent asks for `mcp>=1.5.0` with no upper bound, so a default install gets mcp 2.x, which has no
`streamablehttp_client`; any-agent's MCP module then fails while it is imported, and `import any_agent` with it."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="any-agent",
    package="pypi:any-agent",
    bin="python",
    script="any_agent_client.py",
    agent_script="any_agent_agent.py",  # `probe run --agent`: the tinyagent framework on any-llm's OpenAI provider
    pins=("mcp<2",),  # a default install (mcp 2.x) fails at `import any_agent`
    script_helpers=("scenario_calls.py", "late_calls.py"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http", "sse"),  # sse: the MCPSse config, the SDK's sse_client
)
