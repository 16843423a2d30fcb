"""LlamaIndex's MCP tools (PyPI `llama-index-tools-mcp`), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="llama-index-tools-mcp",
    package="pypi:llama-index-tools-mcp",
    bin="python",
    script="llama_index_tools_mcp_client.py",
    agent_script="llama_index_tools_mcp_agent.py",  # `probe run --agent`: FunctionAgent on OpenAILike
    agent_packages=("llama-index-llms-openai-like==0.8.1", "llama-index-llms-openai==0.8.3"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),  # sse: the probe's /sse URL is what selects it
    script_helpers=("sdk_oauth.py",),  # the sign-in the script imports in a run with --auth
    auth=True,  # BasicMCPClient.with_oauth: the SDK's OAuthClientProvider with the handlers the script gives it
)
