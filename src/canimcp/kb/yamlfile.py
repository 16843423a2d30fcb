"""Safe YAML with line numbers: every value can be traced back to the line it came from.

The dialect (`DataLoader`: YAML 1.1 with only `true`/`false` as booleans and dates left as text) is in
`yamldialect`. Values come from the Rust parser `yaml_rs`, about 10x faster than PyYAML composing and
constructing, whenever `fast_path_safe` finds nothing in the text that it could read differently from
DataLoader; every other text, and every text it refuses (a syntax error, a duplicate key), goes through
PyYAML, which then decides the values, the error message and its line, and the duplicate keys, exactly
as before the fast parser. Line numbers are only needed when something is reported, so the PyYAML node
tree behind a `LineMap` is composed on its first question.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml
import yaml_rs
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .collector import gc_paused
from .yamldialect import DataLoader, fast_path_safe

__all__ = ["DataLoader", "LineMap", "YamlError", "parse_yaml", "parse_yaml_slow", "split_front_matter"]


class YamlError(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass
class LineMap:
    """Maps a location (a tuple of keys and indexes, as pydantic reports it) to a 1-based line.

    Built from a node tree, or from the YAML text, composed into a node tree on the first `line()`.
    """

    node: Node | None = None
    offset: int = 0  # lines before the YAML text in its file (front matter starts after `---`)
    duplicates: list[tuple[int, str]] = field(default_factory=list)
    text: str | None = field(default=None, repr=False, compare=False)  # not yet composed

    def root(self) -> Node | None:
        if self.text is not None:
            self.node, self.text = _compose_quietly(self.text), None
        return self.node

    def line(self, *loc: str | int) -> int:
        node = self.root()
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


class _NodeLoader(getattr(yaml, "CBaseLoader", yaml.BaseLoader)):  # type: ignore[misc]
    """Composes the node tree that DataLoader composes, but for its line marks and key texts only: no tag
    is looked at, so none is resolved (which saves a fifth of the time)."""

    def resolve(self, kind: type[Node], value: Any, implicit: Any) -> str:
        return ""


def _compose_quietly(text: str) -> Node | None:
    # Only texts that already parsed get here; should PyYAML still refuse one, lines fall back to the top.
    # The collector is paused: a line is asked for once the knowledge base is loaded, and composing
    # allocates enough to make the collector walk that whole heap again and again.
    loader = _NodeLoader(text)
    try:
        with gc_paused():
            node: Node | None = loader.get_single_node()
        return node
    except (yaml.YAMLError, RecursionError):
        return None
    finally:
        loader.dispose()


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


# -- parsing ---------------------------------------------------------------------------------------
# An alias replays its anchor's nodes; a few nested aliases ("billion laughs") replay billions. The
# largest data file has 3,248 nodes in all (support/openclaw.yaml), so this is far above honest use.
MAX_ALIAS_NODES = 100_000
_ALIAS_LIMITS = yaml_rs.AliasLimits(max_total_replayed_events=MAX_ALIAS_NODES, max_replay_stack_depth=64)


def parse_yaml(text: str, offset: int = 0, fast: bool | None = None) -> tuple[Any, LineMap]:
    """Parse one YAML document; raise YamlError with a 1-based file line on any syntax problem, or on
    aliases that expand without end. Duplicate keys are in the LineMap's `duplicates`. `fast`: what
    `fast_path_safe(text)` says, where the caller knows it already."""
    try:
        if not (fast_path_safe(text) if fast is None else fast):
            return _parse_guarded(text, offset)
        try:
            data = yaml_rs.loads(
                text,
                parse_datetime=False,
                alias_limits=_ALIAS_LIMITS,
                duplicate_key_policy=yaml_rs.DuplicateKeyPolicy.Error,
            )
        except yaml_rs.YAMLDecodeError:
            # A syntax error, a duplicate key, too many alias replays: PyYAML says which and where, in the words
            # it always used. Where PyYAML finds nothing wrong, its reading stands: yaml_rs also refuses a few
            # texts that PyYAML reads (`k: 'x'#c`), and keys that are equal only as values (`1` and `true`).
            return _parse_guarded(text, offset)
        return data, LineMap(None, offset, text=text)
    except RecursionError:  # PyYAML's composer and the checks here walk the tree recursively
        raise YamlError(offset + 1, "YAML: nested too deeply to read (lists or mappings inside each other)") from None


def _parse_guarded(text: str, offset: int) -> tuple[Any, LineMap]:
    """`parse_yaml_slow`, refusing alias bombs and cycles before anything walks the expanded tree."""
    data, node = _read(text, offset)
    if node is not None and "*" in text:
        _check_aliases(node, text, offset)
    return data, _line_map(node, offset)


def parse_yaml_slow(text: str, offset: int = 0) -> tuple[Any, LineMap]:
    """The PyYAML reading of `text`: what `parse_yaml` returns, without the fast parser or the alias guard."""
    data, node = _read(text, offset)
    return data, _line_map(node, offset)


def _read(text: str, offset: int) -> tuple[Any, Node | None]:
    """PyYAML's values of `text` and its node tree (for lines and duplicate keys)."""
    loader = DataLoader(text)
    try:
        node = _compose(loader, offset)
        return _construct(loader, node, offset), node
    finally:
        loader.dispose()


def _compose(loader: DataLoader, offset: int) -> Node | None:
    try:
        node: Node | None = loader.get_single_node()
        return node
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, offset) from None


def _construct(loader: DataLoader, node: Node | None, offset: int) -> Any:
    try:
        return loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        raise _syntax_error(exc, offset) from None


def _syntax_error(exc: yaml.YAMLError, offset: int) -> YamlError:
    if not isinstance(exc, yaml.MarkedYAMLError):
        return YamlError(offset + 1, f"YAML syntax: {exc}")
    # point at where the broken construct starts (an unclosed bracket or quote), and say where it broke
    problem, context = exc.problem_mark, exc.context_mark
    mark = context or problem
    line = offset + (mark.line + 1 if mark else 1)
    message = f"YAML syntax: {exc.problem or exc.context or exc}"
    if context and problem and problem.line != context.line:
        message += f" ({exc.context}; noticed at line {offset + problem.line + 1})"
    return YamlError(line, message)


def _line_map(node: Node | None, offset: int) -> LineMap:
    lines = LineMap(node, offset)
    lines.duplicates = [(offset + line + 1, key) for line, key in _duplicate_keys(node)]
    return lines


def _check_aliases(root: Node, text: str, offset: int) -> None:
    """Raise YamlError when aliases make the document expand to more than MAX_ALIAS_NODES extra nodes, or
    when a node holds an alias to itself (its expansion never ends)."""
    sizes: dict[int, int] = {}  # nodes in the expanded tree under a node; 0 while that node is being counted

    def size(node: Node) -> int:
        known = sizes.get(id(node))
        if known == 0:
            raise YamlError(
                offset + node.start_mark.line + 1, "YAML aliases: the node anchored here holds an alias to itself"
            )
        if known is None:
            sizes[id(node)] = 0
            known = 1
            if isinstance(node, MappingNode):
                known += sum(size(key) + size(value) for key, value in node.value)
            elif isinstance(node, SequenceNode):
                known += sum(size(item) for item in node.value)
            sizes[id(node)] = known
        return known

    extra = size(root) - len(sizes)
    if extra > MAX_ALIAS_NODES:
        alias = re.search(r"(?:^|[\s\[{,:])\*", text, re.MULTILINE)
        line = offset + (text.count("\n", 0, alias.end()) + 1 if alias else 1)
        raise YamlError(line, f"YAML aliases: they expand to {extra:,} more nodes (at most {MAX_ALIAS_NODES:,})")


def split_front_matter(text: str) -> tuple[str, str, int]:
    """Split `---\\nYAML\\n---\\nbody` into (yaml, body, line where the body starts)."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        raise YamlError(1, "front matter: the file must start with a `---` line")
    for index in range(1, len(lines)):
        if lines[index].strip() == "---":
            return "".join(lines[1:index]), "".join(lines[index + 1 :]), index + 2
    raise YamlError(len(lines), "front matter: no closing `---` line")
