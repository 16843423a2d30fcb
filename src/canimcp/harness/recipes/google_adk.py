"""Google's Agent Development Kit (PyPI `google-adk`) and its MCP toolset, driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="google-adk",
    package="pypi:google-adk",
    bin="python",
    script="google_adk_client.py",
    agent_script="google_adk_agent.py",  # `probe run --agent`: LlmAgent on ADK's Gemini model class
    extra_packages=("google-adk[mcp]",),  # 2.13.0 has the SDK only in this extra; pip holds it to the same version
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),
    # its HTTP toolsets ask google-auth for credentials first, which looks for a cloud metadata server at a link-local
    # address; the sandbox has no route there, and this keeps hand runs outside it from trying
    env={"NO_GCE_CHECK": "true"},
)
