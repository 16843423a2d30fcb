"""Every string in a request body or a tool result, wherever an API puts it: the readers of prompts that name tools
(tool_search.py, shell_tools.py) look through all of it, since each API nests its prompt and its parts its own way."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def every_string(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from every_string(item)
    elif isinstance(value, list):
        for item in value:
            yield from every_string(item)
