"""Wheel build hook: compile the bundled knowledge base into canimcp/data/index.json (see kb/index.py)."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class KnowledgeBaseIndexHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "canimcp-index"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        sys.path.insert(0, str(Path(self.root) / "src"))
        from canimcp.kb.index import INDEX_NAME, compile_index

        self._index_dir = Path(tempfile.mkdtemp(prefix="canimcp-index-"))
        out = self._index_dir / INDEX_NAME
        compile_index(Path(self.root) / "data", out)
        build_data["force_include"][str(out)] = f"canimcp/data/{INDEX_NAME}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        # the index is in the wheel now; each build would otherwise leave tens of MB in the temporary directory
        index_dir = getattr(self, "_index_dir", None)
        if index_dir is not None:
            shutil.rmtree(index_dir, ignore_errors=True)
