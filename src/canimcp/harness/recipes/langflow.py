"""Langflow's MCP client (PyPI `lfx`, Langflow's flow executor, which the full `langflow` package depends on): the
"MCP Tools" component, driven by a few-line script. `MCPToolsComponent` takes the server as a name with an embedded
config (`command`/`args`, a `url`, or a `url` with `mode: SSE`), the shape a flow saves and `lfx run` reads when no
Langflow database is there; `to_toolkit()`, what an Agent component calls for a component in tool mode, connects
through `lfx/base/mcp/util.py` (the SDK 1.x's bare `ClientSession` in a pooled background task) and wraps each tool
as a LangChain tool, which the script invokes as tool calls (`langflow_client.py`).

Transports: stdio, Streamable HTTP (`MCPStreamableHttpClient`, the default for a `url`) and the legacy HTTP+SSE
transport (`mode: SSE` in the config; a `url` alone falls back to it only on a 400/404/405/406). No `auth`: lfx has no
OAuth sign-in, only headers a user sets. With `--agent` the script is a flow that `lfx run` loads (Chat Input ->
Agent -> Chat Output, the toolkit as the Agent's tools) on the Agent's OpenAI model at the scripted model through
`OPENAI_BASE_URL`; `langchain-openai`, the model class the Agent imports for OpenAI, is not among lfx's requirements.
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="langflow",
    package="pypi:lfx",
    bin="python",
    script="langflow_client.py",
    agent_script="langflow_agent.py",  # `probe run --agent`: a flow with an Agent component, run by `lfx run`
    agent_packages=("langchain-openai==1.8.1",),  # the Agent's OpenAI model class
    script_helpers=("scenario_calls.py", "late_calls.py"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http", "sse"),  # sse: `"mode": "SSE"` in the server config
)
