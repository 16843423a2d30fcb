"""Safe YAML with line numbers: every value can be traced back to the line it came from.

YAML 1.1 reads `yes`/`no`/`on`/`off` as booleans and bare dates as date objects. Data files are
written by people, so this loader keeps only `true`/`false` as booleans and leaves dates as text
for pydantic to parse (a bad date is then reported with its line, like any other field).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

_BOOL = "tag:yaml.org,2002:bool"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"


# libyaml's parser when PyYAML was built with it (about 10x faster); the same safe constructor either way
_SafeBase: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class DataLoader(_SafeBase):  # type: ignore[valid-type,misc]
    """A safe loader (no tags executed) with YAML 1.2-style booleans and no implicit timestamps."""


DataLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in (_BOOL, _TIMESTAMP)]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
DataLoader.add_implicit_resolver(_BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


class YamlError(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass
class LineMap:
    """Maps a location (a tuple of keys and indexes, as pydantic reports it) to a 1-based line."""

    node: Node | None
    offset: int = 0  # lines before the YAML text in its file (front matter starts after `---`)
    duplicates: list[tuple[int, str]] = field(default_factory=list)

    def line(self, *loc: str | int) -> int:
        node = self.node
        if node is None:
            return self.offset + 1
        line = node.start_mark.line
        for part in loc:
            child = _child(node, part)
            if child is None:
                break
            key_node, node = child
            line = (key_node or node).start_mark.line
        return self.offset + line + 1


def _child(node: Node, part: str | int) -> tuple[Node | None, Node] | None:
    if isinstance(node, MappingNode):
        for key, value in node.value:
            if isinstance(key, ScalarNode) and key.value == str(part):
                return key, value
    elif isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
        return None, node.value[part]
    return None


def _duplicate_keys(node: Node | None) -> Iterator[tuple[int, str]]:
    if isinstance(node, MappingNode):
        seen: set[str] = set()
        for key, value in node.value:
            if isinstance(key, ScalarNode):
                if key.value in seen:
                    yield key.start_mark.line, key.value
                seen.add(key.value)
            yield from _duplicate_keys(value)
    elif isinstance(node, SequenceNode):
        for item in node.value:
            yield from _duplicate_keys(item)


def parse_yaml(text: str, offset: int = 0) -> tuple[Any, LineMap]:
    """Parse one YAML document; raise YamlError with a 1-based file line on any syntax problem."""
    loader = DataLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        # point at where the broken construct starts (an unclosed bracket or quote), and say where it broke
        problem, context = exc.problem_mark, exc.context_mark
        mark = context or problem
        line = offset + (mark.line + 1 if mark else 1)
        message = f"YAML syntax: {exc.problem or exc.context or exc}"
        if context and problem and problem.line != context.line:
            message += f" ({exc.context}; noticed at line {offset + problem.line + 1})"
        raise YamlError(line, message) from None
    except yaml.YAMLError as exc:
        raise YamlError(offset + 1, f"YAML syntax: {exc}") from None
    finally:
        loader.dispose()
    lines = LineMap(node, offset)
    lines.duplicates = [(offset + line + 1, key) for line, key in _duplicate_keys(node)]
    return data, lines


def split_front_matter(text: str) -> tuple[str, str, int]:
    """Split `---\\nYAML\\n---\\nbody` into (yaml, body, line where the body starts)."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        raise YamlError(1, "front matter: the file must start with a `---` line")
    for index in range(1, len(lines)):
        if lines[index].strip() == "---":
            return "".join(lines[1:index]), "".join(lines[index + 1 :]), index + 2
    raise YamlError(len(lines), "front matter: no closing `---` line")
