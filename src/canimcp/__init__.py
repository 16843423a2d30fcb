"""canimcp — which MCP features does each MCP client really support, with evidence.

`import canimcp` stays light: the knowledge base loader is imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
__all__ = ["__version__", "load_kb"]

if TYPE_CHECKING:
    from .kb import load_kb


def __getattr__(name: str) -> Any:
    if name == "load_kb":
        from .kb import load_kb

        return load_kb
    raise AttributeError(f"module 'canimcp' has no attribute {name!r}")
