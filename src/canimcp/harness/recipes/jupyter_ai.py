"""Jupyter AI (PyPI `jupyter-ai`, JupyterLab's AI extension; 3.x is a meta-package over `jupyter-ai-persona-manager`,
`jupyter-ai-router`, `jupyterlab-chat`, `jupyter-ai-acp-client`, `jupyter-server-mcp` and more) as an MCP client.
Its MCP servers are listed per workspace in `.jupyter/mcp_settings.json` (`mcp_servers`: stdio entries with `command`,
`args`, `env`; HTTP entries with `"type": "http"`, `url`, `headers`), read by the persona manager for each chat and
merged with one built-in entry, the Jupyter MCP server that `jupyter-server-mcp` serves on port 3001. Two kinds of
persona use that list: the ACP personas (Claude Code, Codex, Gemini and others, through the Agent Client Protocol)
hand it to the external agent in `session/new`, where the agent's own MCP client connects (those agents are in the
knowledge base on their own); Jupyternaut, the persona Jupyter AI ships itself (the `jupyternaut` extra,
`jupyter-ai-jupyternaut`), connects with LangChain's `MultiServerMCPClient` (`langchain-mcp-adapters`, on the Python
SDK 1.x) and gives the tools to a LangChain agent on a LiteLLM model. Jupyternaut is Jupyter AI's own MCP client, so
it is what is run: the recipe installs `jupyter-ai[jupyternaut]` at the same version (`extra_packages`), as the
Jupyternaut page of the docs says to.

It is driven as a person uses it, with `jupyter_ai_session.py` in the place of the browser: the script writes the
workspace's `.jupyter/mcp_settings.json` (the probe as a stdio or `http` entry), starts `jupyter lab` on loopback with
Jupyternaut's default model set the documented way (`initial_language_model` `openai/scripted`, LiteLLM's
OpenAI-compatible route, and `model_parameters` giving it the scripted model's `api_base`: Chat Completions,
streamed), sets the API key through the settings panel's REST call, opens a chat over jupyterlab-chat's WebSocket and
sends one message addressed to Jupyternaut as the chat input's persona picker addresses it. No approval step: the
agent calls MCP tools as the model asks.

Why the unusual choices:
- `--allow-root` on `jupyter lab` (in the script): the sandbox runs as root, which JupyterLab refuses otherwise.
- LITELLM_LOCAL_MODEL_COST_MAP keeps LiteLLM's price table local (it is fetched from GitHub at import otherwise), as for
  the other recipes on LiteLLM; the script sets it for JupyterLab too.
- Transports: stdio and Streamable HTTP only. An HTTP entry's `type` must be `http` (the settings model allows no
  other value) and Jupyternaut passes it to the adapters as their `http` transport, which is Streamable HTTP; there
  is no way to name the legacy SSE transport.
- No `--auth` run: an HTTP entry takes fixed `headers` only; neither Jupyter AI nor the adapters start a sign-in.
- No health mode: nothing connects outside a chat message (Jupyternaut builds its MCP client per message).
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="jupyter-ai",
    package="pypi:jupyter-ai",
    bin="python",
    script="jupyter_ai_session.py",
    extra_packages=("jupyter-ai[jupyternaut]==$version",),  # Jupyternaut, the persona with the MCP client
    surfaces={"session": "jupyternaut"},  # the clientInfo is the Python SDK's default (`mcp`)
    transports=("stdio", "http"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=330),)},
    model="openai",
    env={"LITELLM_LOCAL_MODEL_COST_MAP": "True"},
    timeout=400,
)
