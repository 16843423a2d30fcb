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
model.

The agent runs install two things beyond the `mcp` extra and the `anthropic` extra (which the README names for
Anthropic agents), because without them the agent does not run at all (the plain runs keep the default install):
- the `aws` extra (boto3; the README's core install, which the provider's docstring leaves out):
  `agent_squad/agents/anthropic_agent.py` imports `agent_squad.retrievers`, whose package
  imports the Amazon Knowledge Bases retriever and with it boto3, whether or not a retriever is used; without boto3
  `AnthropicAgent` cannot be imported;
- `anthropic<1` (0.125.0 in these runs): the agent puts `temperature` and `top_p` in every request (its default
  inference config has both, and an app's config is merged over it), and the client's `Messages.create` has neither
  from 1.0.0 on, so with the newest client (2.17.0) the first model request fails with a TypeError."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="agent-squad",
    package="pypi:agent-squad",
    bin="python",
    script="agent_squad_client.py",
    agent_script="agent_squad_agent.py",  # `probe run --agent`: AnthropicAgent(...).process_request (Messages API)
    extra_packages=("agent-squad[mcp]==$version",),  # the extra brings the MCP SDK (any version: 2.x today)
    # agent runs only (module docstring): the Anthropic client; boto3 (`aws`), which the Anthropic agent's module
    # imports through the retrievers package; and anthropic below 1.0.0, whose Messages.create still takes the
    # `temperature` and `top_p` the agent always sends
    agent_packages=("agent-squad[mcp,anthropic,aws]==$version", "anthropic<1"),
    script_helpers=("scenario_calls.py", "late_calls.py"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http", "sse"),  # MCPServerConfig type "stdio", "streamable-http" or "sse"
)
