"""langchain-mcp-tools (PyPI, by hideya), a small library that turns MCP servers' tools into LangChain tools with
connection code of its own, not LangChain's `langchain-mcp-adapters` (a separate recipe). Its one entry point,
`convert_mcp_to_langchain_tools(servers)`, takes a Claude-Desktop-style `mcpServers` dict, connects each server on
the official Python SDK 1.x's transports and `ClientSession` (the package itself requires `mcp<2`, so a default
install needs no pin), lists the tools and gives back LangChain tools with a cleanup function.

Driven by a few-line script as the README shows it: the probe as the one entry, a `command` for stdio and only a
`url` for HTTP, the README's default (auto-detected) form, with which the library chooses the transport itself (a
test POST of `initialize`: Streamable HTTP on 200, the legacy SSE transport on a 4xx), so the `sse` runs go through
that fallback at the probe's `/sse`, whose POST answers 405 (the probe records no session for it). With `--agent`
the tools go to LangChain's `create_agent` (the README's example) on `ChatOpenAI` at the scripted model, the agent
packages of the LangChain MCP adapters' recipe.

`auth=True`: an entry's `auth` key takes an `httpx.Auth`, which the library hands to the SDK's Streamable HTTP
client, so the README's OAuth example (the SDK's `OAuthClientProvider`) signs in headless with sdk_oauth.py. With
SSE the key is not passed on."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="langchain-mcp-tools",
    package="pypi:langchain-mcp-tools",
    bin="python",
    script="langchain_mcp_tools_client.py",
    agent_script="langchain_mcp_tools_agent.py",  # `probe run --agent`: LangChain's create_agent on ChatOpenAI
    agent_packages=("langchain==1.5.2", "langchain-openai==1.7.4"),
    script_helpers=("scenario_calls.py", "late_calls.py", "sdk_oauth.py"),  # sdk_oauth: only with --auth
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http", "sse"),  # sse: a URL whose test POST gets a 4xx (or `"transport": "sse"`)
    auth=True,  # `"auth": OAuthClientProvider(...)` with `"transport": "streamable_http"`, as the README shows
)
