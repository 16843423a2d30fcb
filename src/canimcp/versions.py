"""Comparing client versions as the knowledge base writes them ("1.2.10", "2026.3.1", "2.0.0-beta.1"): by their
numbers, in order. Dependency-free, so that the harness, the lint rules and the verdicts can share it cheaply."""

from __future__ import annotations

import re


def version_key(version: str) -> tuple[int, ...] | None:
    """Numeric parts of a dotted version (1.2.10 -> (1, 2, 10)); None when it has none."""
    parts = re.findall(r"\d+", version)
    return tuple(int(p) for p in parts) if parts else None
