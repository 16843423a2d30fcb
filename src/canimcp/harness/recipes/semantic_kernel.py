"""Semantic Kernel (PyPI `semantic-kernel`) and its MCP plugins, driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="semantic-kernel",
    package="pypi:semantic-kernel",
    bin="python",
    script="semantic_kernel_client.py",
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),
)
