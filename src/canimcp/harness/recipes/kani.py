"""kani (PyPI `kani`, a small framework for tool-using chat agents by three PhD students at the University of
Pennsylvania) and its MCP helper, driven by a few-line script. `kani.mcp.tools_from_mcp_servers` takes a list of the
Python SDK's server parameter objects (from `mcp.client.session_group`: stdio, Streamable HTTP, or the legacy HTTP+SSE
transport) and connects them all through the SDK's `ClientSessionGroup`, the one covered client on that class: one
`ClientSession` per server, each listing its server's prompts, resources and tools once as it joins, and kani keeps
only the tools, each an `AIFunction` named as the server names it. There is no sign-in (the HTTP parameter objects take
fixed `headers`) and no status command.

The SDK comes from kani's `mcp` extra, which asks for `mcp>=1.15.0,<2`, so a default `pip install kani[mcp]` gets
mcp 1.30.0 and no pin is needed (with mcp 2.x, which `pip install kani mcp` would bring, the helper fails on the first
listed tool's `inputSchema`). The plain script (`kani_client.py`) is the documented context, its functions listed and
called as kani's loop calls them. With `--agent` the script (`kani_agent.py`) is the documented round:
`Kani(engine, functions=tools)` and `full_round` on kani's `OpenAIEngine` (the `openai` extra, Chat Completions) at the
scripted model."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="kani",
    package="pypi:kani",
    bin="python",
    script="kani_client.py",
    agent_script="kani_agent.py",  # `probe run --agent`: Kani(OpenAIEngine(...), functions=tools).full_round(...)
    extra_packages=("kani[mcp]==$version",),  # the extra brings the MCP SDK (below 2)
    agent_packages=("kani[mcp,openai]==$version",),  # and the OpenAI engine's openai and tiktoken for the agent
    script_helpers=("scenario_calls.py", "late_calls.py"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http", "sse"),  # StdioServerParameters, StreamableHttpParameters, SseServerParameters
)
