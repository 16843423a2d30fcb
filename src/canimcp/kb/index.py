"""The pre-compiled index: the bundled knowledge base as one JSON document, written when the wheel is
built, so that `load_kb()` inside a running MCP server validates JSON instead of parsing YAML."""

from __future__ import annotations

from pathlib import Path

from ..model import KnowledgeBase
from .findings import is_error

INDEX_NAME = "index.json"


def compile_index(data: Path, out: Path) -> None:
    """Check `data` and write its index to `out`; a knowledge base with errors is refused."""
    from .check import check_kb
    from .loader import KBError, read_kb

    findings = check_kb(data)
    if is_error(findings):
        raise KBError(f for f in findings if f.severity == "error")
    kb = read_kb(data).kb
    out.write_text(kb.model_dump_json(by_alias=True, exclude={"root"}), encoding="utf-8")


def load_index(path: Path, root: Path) -> KnowledgeBase:
    kb = KnowledgeBase.model_validate_json(path.read_bytes())
    kb.root = root
    return kb
