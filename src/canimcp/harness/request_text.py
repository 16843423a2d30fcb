"""Every string in a request body or a tool result, wherever an API puts it: the readers of prompts that name tools
(tool_search.py, shell_tools.py, gateway_tools.py) look through all of it, since each API nests its prompt and its
parts its own way."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
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


def names_in_results(ids: set[str], results: Iterable[tuple[str, Any]], pattern: re.Pattern[str]) -> list[str]:
    """What `pattern` finds, in order, in the results of the calls `ids` names (the tool names a listing returned)."""
    return [
        name
        for call_id, content in results
        if call_id in ids
        for text in every_string(content)
        for name in pattern.findall(text)
    ]
