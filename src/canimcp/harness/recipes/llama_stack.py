"""Llama Stack (PyPI `llama-stack`, Meta's server framework for inference, agents and tools) and its MCP client, run
in-process as a library (`AsyncLlamaStackAsLibraryClient`) with a small run config of its own: inference through the
`remote::openai` provider at the scripted model, the `remote::model-context-protocol` tool runtime, the
`inline::builtin` Responses provider and the local files provider, with SQLite stores under the sandbox HOME. The
`starter` distribution is not used: its providers need torch, sentence-transformers and a dozen vector databases'
clients, and nothing of that touches MCP.

The plain script (`llama_stack_session.py`) names the probe as an MCP connector in the run config, reads it through
the Connectors API, registers it as an MCP tool group with an `mcp_endpoint` and lists and invokes its tools through
the tool runtime. 0.7.3 has no HTTP route left to register a tool group or to invoke a tool, so for those two steps
the script calls the stack's own objects (`client.impls`, internal to the library client) as the Responses provider
does: a deviation from what an app of 0.7.3 would write, kept because it is the only way left to drive the tool
runtime without a model. With `--agent` (`llama_stack_agent.py`) one Responses API call carries the probe as an
`mcp` tool (`server_url`), the documented path, and the scripted model makes the calls.

Transports: only URLs. For every operation the stack opens a connection that tries Streamable HTTP first and falls
back to the legacy HTTP+SSE transport when that fails, so `sse` runs are given the probe's `/sse` URL. By the code
(`client_wrapper` in `providers/utils/tools/mcp.py`) the first connection's POST to that URL is refused and the stack
falls back to SSE, and later ones go to SSE first (the transport that worked is cached per URL); the reports do not
record that refused POST, only the SSE connections. There is no stdio (a tool's endpoint must be an http(s) URL).

`mcp<2`: the stack asks for `mcp>=1.23.0` with no upper bound, so a default install gets the SDK 2.x, which no
longer exports `McpError`; the stack's MCP module then fails on import. `llama-stack-client` (the `client` extra) is
what the library client is built on; its docs install it beside the stack. Python 3.12: every release since 0.2.13
needs it.
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="llama-stack",
    package="pypi:llama-stack",
    bin="python",
    python="3.12",
    script="llama_stack_session.py",
    agent_script="llama_stack_agent.py",  # `probe run --agent`: one Responses API call with an `mcp` tool
    extra_packages=("llama-stack[client]==$version",),  # the library client needs llama-stack-client
    pins=("mcp<2",),  # a default install (mcp 2.x) fails on import of the stack's MCP module
    script_helpers=("scenario_calls.py", "late_calls.py"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=180),)},
    transports=("http", "sse"),  # one URL: Streamable HTTP, then the legacy HTTP+SSE transport as a fallback
)
