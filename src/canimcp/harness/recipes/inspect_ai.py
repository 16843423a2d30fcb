"""Inspect (PyPI `inspect-ai`, the UK AI Security Institute's evaluation framework) and its MCP tools: a server made
with `mcp_server_stdio`, `mcp_server_http` (Streamable HTTP) or `mcp_server_sse` (the legacy SSE transport) is a tool
source that an agent such as `react()` takes among its `tools` (`mcp_tools(server, tools=[...])` narrows it). Inspect's
own MCP client (`inspect_ai/tool/_mcp/_local.py`) is the Python SDK's `ClientSession`, opened by the agent for the
length of its loop (`mcp_connection`), with a sampling callback that hands the server's requests to the model being
evaluated.

Driven by `inspect_ai_task.py`, a task written as Inspect's MCP page shows it: one `Sample`, `react()` with the server
as its tools, run with `inspect_ai.eval()` on the scripted model (harness/model.py) through Inspect's `openai-api`
provider for OpenAI-compatible endpoints (Chat Completions; the `openai/` provider would switch to the Responses API by
itself for some model names, `openai-api` only when told). Every documented use of Inspect's MCP tools is inside an
evaluation, where tools are resolved and called by an agent or a generate loop on a model, and the sampling callback
exists only while a model is active, so the one mode is the agent run on the scripted model, with no separate
`--agent` script (as for `claude-agent-sdk-python`). The script's `message_limit` is the one setting of the task and
agent that is not a default: `react()` ends only when its model calls `submit()`, which the scripted model never does,
and otherwise asks it to go on forever (see the script; its display is Inspect's `plain` one, as no terminal is
attached).

Why the unusual choices:
- `extra_packages`: `mcp` and `openai` are not requirements of `inspect-ai` (only of its `dev` extra); when either is
  missing, Inspect stops with an error that asks the user to pip-install it (`mcp` for MCP tools, `openai` for the
  OpenAI providers), so the recipe installs the newest of each, as such a user gets (`mcp` 2.3.0; Inspect supports 1.x
  too).
- No tiktoken work-around: a trial on Inspect's `mockllm` model died downloading the `o200k_base` encoding (that
  provider counts tokens); the `openai-api` provider counted none in these runs, and none tried a download.
- Transports: the three local server types of `inspect_ai.tool` (the fourth, `mcp_server_sandbox`, runs the server
  inside a Docker sandbox of the evaluation through `inspect-tool-support`, which this machine cannot start; the
  `execution="remote"` option of the HTTP ones hands the URL to the model provider, whose servers connect, not Inspect).
- No `--auth`: a URL server takes a fixed bearer token (`authorization=`) or `headers` only; Inspect has no sign-in.
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="inspect-ai",
    package="pypi:inspect-ai",
    bin="python",
    script="inspect_ai_task.py",
    extra_packages=("mcp", "openai"),  # what Inspect asks the user to install for MCP tools and the OpenAI providers
    transports=("stdio", "http", "sse"),  # mcp_server_stdio, mcp_server_http, mcp_server_sse
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    model="openai",  # openai-api/scripted/model: Chat Completions at SCRIPTED_BASE_URL
    timeout=180,
)
