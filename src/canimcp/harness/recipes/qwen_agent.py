"""Qwen-Agent (PyPI `qwen-agent`) and its `MCPManager`, driven by a few-line script.

Its `mcp` extra asks for any `mcp`, but the manager opens every connection (stdio and SSE too) by importing the SDK
1.x's `streamablehttp_client`, which 2.0 renamed, so beside the newest SDK, which a default install chooses, no
server connects. The recipe pins `mcp<2`. The package also imports modules that neither a plain install nor the `mcp`
extra brings (numpy, soundfile, tqdm, python-dateutil: `qwen_agent.tools` does not import without them), installed
beside it."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="qwen-agent",
    package="pypi:qwen-agent",
    bin="python",
    script="qwen_agent_client.py",
    agent_script="qwen_agent_agent.py",  # `probe run --agent`: Assistant on its OpenAI-compatible model (Chat)
    extra_packages=("qwen-agent[mcp]==$version", "numpy", "soundfile", "tqdm", "python-dateutil"),
    pins=("mcp<2",),
    script_helpers=("scenario_calls.py",),  # the calls of run_scenarios the plain script makes
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http", "sse"),  # a server with a `url` is SSE unless its `type` is "streamable-http"
)
