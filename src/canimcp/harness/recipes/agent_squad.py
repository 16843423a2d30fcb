"""Agent Squad (PyPI `agent-squad`, a framework for routing conversations among several agents, first published by
AWS Labs) and its MCP tool provider, driven by a few-line script. `MCPToolProvider.create([MCPServerConfig(...)])`
(agent_squad/tools/mcp_tool_provider.py) connects each configured server up front, over stdio, Streamable HTTP or the
legacy HTTP+SSE transport, lists its tools, and is handed to an agent as `tool_config={"tool": provider}`. The provider
is written for both majors of the official Python SDK: on the SDK 2.x it opens the SDK's `Client` in its `auto` mode;
on 1.x a `ClientSession` with the `initialize` handshake. There is no sign-in (HTTP servers take fixed `headers`) and no
status command.

The SDK comes from the package's `mcp` extra, which the provider's docstring names and which asks for `mcp>=1.0.0`, so
a default `pip install "agent-squad[mcp]"` gets the newest SDK (2.x) and no pin is needed. The plain script
(`agent_squad_client.py`) is the documented setup, its tools listed and called through the provider's `tool_handler`,
the method an agent hands its model's tool calls to. With `--agent` the script (`agent_squad_agent.py`) is one request
to an `AnthropicAgent` (Agent Squad's `OpenAIAgent` takes no tools) whose Anthropic client points at the scripted
model. Besides the `anthropic` extra, which the README names for it, that agent needs the `aws` extra: its module
imports Agent Squad's retrievers, whose package imports boto3 whether or not a retriever is used. And the Anthropic
client below 1.0.0 (0.125.0): the agent puts `temperature` and `top_p` in every request, arguments that the client's
`Messages.create` has no more from 1.0.0 on, so with the newest client a default install's agent fails with a
TypeError on its first model request."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="agent-squad",
    package="pypi:agent-squad",
    bin="python",
    script="agent_squad_client.py",
    agent_script="agent_squad_agent.py",  # `probe run --agent`: AnthropicAgent(...).process_request (Messages API)
    extra_packages=("agent-squad[mcp]==$version",),  # the extra brings the MCP SDK (any version: 2.x today)
    # and the Anthropic client for the agent, and boto3 (`aws`): the Anthropic agent's module imports the retrievers
    # package, which imports the Amazon Knowledge Bases retriever and boto3 with it
    # anthropic below 1.0.0: the agent always sends `temperature` and `top_p`, which Messages.create takes no more
    # from anthropic 1.0.0 on (with 2.17.0, the newest, the agent's first request fails with a TypeError)
    agent_packages=("agent-squad[mcp,anthropic,aws]==$version", "anthropic<1"),
    script_helpers=("scenario_calls.py", "late_calls.py"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http", "sse"),  # MCPServerConfig type "stdio", "streamable-http" or "sse"
)
