"""OmniCoreAgent (PyPI `omnicoreagent`, formerly MCPOmni Connect), an agent runtime whose MCP client is the agent's
own: servers are entries of `OmniCoreAgent(mcp_tools=[...])` (`transport_type` `stdio`, `streamable_http` or `sse`),
connected by its `MCPClient` on the Python SDK 2.x's `ClientSession`. The interactive MCP terminal client of the
MCPOmni Connect days is gone from the package; its console script (`omnicoreagent run --agent FILE`) runs an agent
file headless, on the same agent and client, so the library is what is driven here, by a few-line script: connect,
list, call the probe's tools the way the agent's tool runner does. With `--agent`, the agent runs one task on the
scripted model through `model_config` with the `openai` provider and a `base_url` (LiteLLM underneath, Chat
Completions). Session memory stays in memory by default (no Redis or database needed).

`python="3.12"`: every release since 0.4.0 needs Python 3.12 or newer. LITELLM_LOCAL_MODEL_COST_MAP keeps LiteLLM's
price table the bundled one instead of one fetched from GitHub. `auth=True`: a server entry with
`"auth": {"method": "oauth"}` signs in with the SDK's OAuth provider, opening the authorization URL with Python's
`webbrowser` (the harness's `$BROWSER`) and taking the redirect on a loopback callback server of its own."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="omnicoreagent",
    package="pypi:omnicoreagent",
    bin="python",
    python="3.12",  # releases since 0.4.0 need Python 3.12 or newer
    script="omnicoreagent_client.py",
    agent_script="omnicoreagent_agent.py",  # `probe run --agent`: OmniCoreAgent on LiteLLM's openai/ route
    script_helpers=("scenario_calls.py", "late_calls.py"),
    env={"LITELLM_LOCAL_MODEL_COST_MAP": "True"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http", "sse"),  # transport_type stdio, streamable_http, sse
    auth=True,  # "auth": {"method": "oauth"}: the SDK's OAuth provider, the browser through Python's webbrowser
)
