"""Swarms (PyPI `swarms`, The Swarm Corporation's multi-agent framework) and its MCP client, `MCPManager`
(swarms/tools/mcp_manager.py), the one object an `Agent` holds for the servers named by its `mcp_url`, `mcp_urls`,
`mcp_config` and `mcp_configs`. The plain script drives the manager as the library's MCP client examples do (list the
tools, call them by name); with `--agent` the script is an `Agent` on a LiteLLM `openai/…` model whose `llm_base_url`
is the scripted model (Chat Completions), with `max_loops` raised from the examples' 1 so that the model gets the
turns its calls need (swarms_agent.py says why).

The manager wraps the official Python SDK's low-level `ClientSession` and opens a session for every listing and
every batch of calls, closing it when done (over stdio a new server process each time), so one run is several
connections. A default install works: the package asks for `mcp` with no bound, gets 2.x, and the manager adapts to
it (the renamed Streamable HTTP factory, seconds for timeouts). Transports: a command is stdio; a URL is Streamable
HTTP unless its path ends in /sse, which selects the legacy HTTP+SSE transport (as does `transport="sse"`). Sign-in
(`auth=True`): an `MCPOAuthConfig` on the connection runs the SDK's OAuthClientProvider with a loopback callback
server of Swarms' own and Python's webbrowser module ($BROWSER); its default redirect port, 8765, is the harness
probe's, so the script names another (swarms_client.py). Release 16.0.3 gives the provider the server's origin, not
its URL, so the SDK refuses the probe's protected resource metadata (which names /mcp) and the sign-in stops before
registering; the recipe still takes part in `--auth` runs, which show where it stops.

What would reach out: Swarms' telemetry is on by default (OpenTelemetry spans of each agent's settings, runs and
model requests, the run's memory with every MCP result in it, exported to telemetry.swarms.world, with a warm-up
request when the exporter starts); it is left on, as a user gets it, and fails in the sandbox, which has no route
out, without holding the run up (exports are bounded and run in the background; the exit flush waits one second).
LiteLLM's price table would be fetched from GitHub at import: LITELLM_LOCAL_MODEL_COST_MAP keeps it local, as for the
other LiteLLM-based recipes."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="swarms",
    package="pypi:swarms",
    bin="python",
    script="swarms_client.py",
    agent_script="swarms_agent.py",  # `probe run --agent`: Agent on a LiteLLM openai/ model (Chat Completions)
    script_helpers=("scenario_calls.py", "late_calls.py"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=240),)},
    transports=("stdio", "http", "sse"),  # a URL ending in /sse, or MCPConnection(transport="sse")
    env={"LITELLM_LOCAL_MODEL_COST_MAP": "True"},
    auth=True,  # MCPOAuthConfig: the SDK's OAuthClientProvider, the browser through Python's webbrowser module
    timeout=300,
)
