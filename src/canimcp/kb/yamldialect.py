"""The YAML dialect of the data files, and when the fast parser reads a text in it.

The dialect is PyYAML's safe loader (YAML 1.1) with two changes, `DataLoader`: YAML 1.1 reads
`yes`/`no`/`on`/`off` as booleans and bare dates as date objects, but data files are written by
people, so only `true`/`false` (any of three casings) are booleans and dates stay text for pydantic
to parse (a bad date is then reported with its line, like any other field).

The Rust parser `yaml_rs` speaks YAML 1.2. `fast_path_safe(text)` is true only when a cheap scan
finds nothing in `text` that the two could read apart, so that yaml_rs's values equal DataLoader's.
The scan is conservative: something that only looks risky (a `!` in prose) just costs the slow path.
What it looks for, and why, is beside each check; tests/test_yamlfile.py holds it to "the same values
or the slow path" on a table of the differences, on generated documents and on every data file.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import yaml
import yaml_rs
from yaml.nodes import ScalarNode

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


# -- what the fast parser is not given -------------------------------------------------------------
# The scans below run over "\n" + text, so that the start of the text is the start of a line. Each begins
# with a literal or a character class, which the regex engine can skip ahead to: these are most of the
# time spent before yaml_rs parses, on large files.

# tabs, CR, control characters, BOM, and NEL, LS and PS (line breaks in YAML 1.1, not in 1.2)
_ODD_CHARACTER = re.compile(r"[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")
# several documents (yaml_rs returns them as a list) and directives
_DOCUMENT_MARKER = re.compile(r"\n(?:---|\.\.\.)(?=\s|\Z)|\n%")
# tags: DataLoader refuses unknown ones and builds bytes, sets and pairs; yaml_rs ignores most
_TAG = re.compile(r"!(?<=[\s\[{,:]!)")
# explicit keys (`? `), which may be collections: PyYAML refuses those, yaml_rs makes tuples
_EXPLICIT_KEY = re.compile(r"\?(?<=\s\?)(?=\s|\Z)")
# block scalars that keep their last line breaks (`|+`) or give an indentation (`|2`), or that end the
# text with no content (see _ends_in_empty_block): the two end them differently
_ODD_BLOCK = re.compile(r"[|>](?:[-+]?[0-9]|\+)")
_BLOCK_HEADER_AT_END = re.compile(r"[|>]-? *(?:#.*)?\Z")
# keys that are not strings make duplicate keys differ: PyYAML compares key texts, so that `1` and `'1'`
# are the same key for it, while yaml_rs compares values. Null and boolean keys and any key with a space
# before its colon (the empty key too: `: x`, which PyYAML refuses) here, numbers with the numbers.
_ODD_KEY = re.compile(
    r":(?:(?<=[\n ~]:)|(?<=(?:null|Null|NULL|true|True|TRUE):)|(?<=(?:false|False|FALSE):))(?=[ \n]|\Z)"
)

# Plain scalars that are numbers (or `=`, which PyYAML refuses) for either parser, where a plain scalar
# can start: at the start of a line, after `- `, `: `, `? `, an anchor, or `[{,` in a flow collection.
# The token grammar is a superset of both parsers' number grammars; each token found is read by both.
# Group 2: the token is a key. Possessive quantifiers: backtracking into one could only find a shorter
# token, followed by a character that no plain scalar ends before.
_NUMBERISH = re.compile(
    r"[\n:,\[{?&-](?>(?<=[\n:,\[{]) *+|(?<=[-?]) ++|(?<=&)[^\s\[\]{},]++ ++)"
    r"([-+]?+(?:0[xXoObB][0-9a-fA-F_]*+|[0-9_.]++(?::[0-9_.]++)*+(?:[eE][-+]?[0-9_]*+)?+|\.[A-Za-z]++)|=)"
    r"(?=( *:)|[\s,\]}]|\Z)"
)

# Flow collections (`[a, b]`, `{a: b}`) are taken only within one line: yaml_rs accepts keys that go on
# over several lines. Within one line, these read differently: a plain scalar starting with `?:|>` (YAML
# 1.1 refuses it, or reads `?` as a key), one ending in `:` before `,[]{}`, a collection as a key.
_FLOW = re.compile(r"[\[{][^\n]*")
_FLOW_RISK = re.compile(r"[\[{,:]\s*[?:|>]|:[,\[\]{}]|[\]}]\s*:")
# quotes that close on their line (a quote left over may open a scalar that goes on over lines) ...
_QUOTED = re.compile(r"'[^'\n]*'|\"(?:[^\"\\\n]|\\.)*\"")
# ... and those of them that start a scalar in a flow collection (after `[{,` or `: `): what they hold is text, not a
# risk above. A quote anywhere else may be inside a plain scalar (`it's`), and what follows it is checked
_QUOTED_SCALAR = re.compile(r"""([\[{,]|: ) *+(?:'(?:[^'\n]|'')*+'|"(?:[^"\\\n]|\\.)*+")""")
# a line that is one whole quoted scalar (after `- ` and a plain key, if any): a bracket in it is text to
# both parsers (titles and notes that quote code), and no flow collection can start on that line
_QUOTED_LINE = re.compile(
    r"""^ *(?:- +)*(?:[A-Za-z_][\w.-]*: +)?(?:'(?:[^'\n]++|'')*+'|"(?:[^"\\\n]++|\\.)*+") *$""", re.M
)
# a line whose value is plain text in a block (after `- ` and a plain key, if any; starting with a letter, a digit or
# one of ( / . $ < = + ~ ^ \ ; _ and a backtick, holding no `: ` and no comment): brackets there are text too, as in
# the notes of a statement. Where such a line does not go on a plain scalar, both parsers refuse a backtick first.
_PLAIN_LINE = re.compile(
    r"^ *(?:- +)*(?:[A-Za-z_][\w.-]*: +)?[A-Za-z0-9(/.$<=+~^\\;_`](?:[^\n:#]++|:(?=[^ \n])|(?<! )#)*+$", re.M
)

# the header of a block scalar after `- ` and a plain key (any other header keeps its content in the scans)
_BLOCK_HEADER = re.compile(r"( *)((?:- +)*)([A-Za-z_][\w.-]*: +)?[|>]-?(?: +#.*)? *")

# a line that is only a comment, or text in a quoted scalar that goes on over lines: never structure
_COMMENT_LINE = re.compile(r" *#.*")
_FLOW_OR_ALIAS = re.compile(r"[\[{&*]")

# anchors and aliases: PyYAML allows `[0-9A-Za-z_-]` in names and refuses a second anchor of a name
_ANCHOR = re.compile(r"[&*](?<=[\s\[{,:][&*])([^\s\[\]{},]*)( *:|[\[{])?")
_ANCHOR_NAME = re.compile(r"[0-9A-Za-z_-]+")
_ANCHOR_HEAD = re.compile(r"( *)((?:- +)*)([^\s\[\]{}#&*!|>'\"?-][^\[\]{}#]*: +)?")  # what is before `&x`
_LINE = re.compile(r"^( *)(.*)$", re.MULTILINE)


def fast_path_safe(text: str) -> bool:
    """True when yaml_rs reads `text` to the values DataLoader reads (an error from yaml_rs is no concern
    here: it sends the text to PyYAML anyway). The checks for rare constructs run only when the character
    that starts them is in the text."""
    if _ODD_CHARACTER.search(text):
        return False
    lined = "\n" + text
    if ("---" in text or "..." in text or "%" in text) and _DOCUMENT_MARKER.search(lined):
        return False
    if "!" in text and _TAG.search(lined):
        return False
    if "<<" in text:  # merge keys: PyYAML merges, yaml_rs keeps a `<<` key
        return False
    if "?" in text and _EXPLICIT_KEY.search(lined):
        return False
    if ("|" in text or ">" in text) and (_ODD_BLOCK.search(text) or _ends_in_empty_block(text)):
        return False
    if _ODD_KEY.search(lined):
        return False
    # what a block scalar holds is text to both parsers: brackets, numbers and `*` there are prose
    structure = _block_text_blanked(text) if ("|" in text or ">" in text) else text
    if not _numbers_safe("\n" + structure):
        return False
    flows, aliases = "[" in structure or "{" in structure, "&" in structure or "*" in structure
    if not (flows or aliases):
        return True
    structure = _text_lines_blanked(structure)  # and so is a comment line or a line of one quoted or plain scalar
    if flows and not _flows_safe(structure):
        return False
    return not aliases or _aliases_safe("\n" + structure)


def _ends_in_empty_block(text: str) -> bool:
    """A block scalar with no content at the end of the text, or any block scalar in a text that does not
    end with a line break (the last line that is not blank or a comment would hold its content)."""
    if not text.endswith("\n"):
        return True
    end = len(text)
    while True:
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end].strip()
        if line and not line.startswith("#"):
            return _BLOCK_HEADER_AT_END.search(line) is not None
        if start == 0:
            return False
        end = start - 1


def _block_text_blanked(text: str) -> str:
    """`text` with the content lines of its block scalars made empty, the line breaks kept. A header is `|`, `|-`,
    `>` or `>-` (_ODD_BLOCK sends the others to the slow path) after `- ` and a plain key; its content is the lines
    from the first one that is not only spaces, indented more than the key (or the last `-`), on while a line is
    indented as much or only spaces. Were a header-like line really inside a multi-line quoted scalar, what follows
    it up to the closing quote is text too, and yaml_rs refuses a continuation indented no more than the key, so
    the structure after the quote is never blanked."""
    lines = text.split("\n")
    at, count = 0, len(lines)
    while at < count:
        line = lines[at]
        at += 1
        if not line.rstrip(" ").endswith(("|", ">", "|-", ">-")) and "#" not in line:
            continue
        header = _BLOCK_HEADER.fullmatch(line)
        if header is None:
            continue
        indent, dashes, key = header.groups()
        if key:
            above = len(indent) + len(dashes)  # the column of the key
        elif dashes:
            above = len(indent) + len(dashes.rstrip()) - 1  # the column of the last `-`
        else:
            continue
        first, widest = at, 0
        while first < count and not lines[first].strip(" "):
            widest = max(widest, len(lines[first]))
            first += 1
        if first == count:
            continue
        depth = len(lines[first]) - len(lines[first].lstrip(" "))
        if depth <= above or widest > depth:  # no content, or leading spaces the two parsers treat apart
            continue
        margin = " " * depth
        end = first
        while end < count and (lines[end].startswith(margin) or not lines[end].strip(" ")):
            end += 1
        lines[at:end] = [""] * (end - at)
        at = end
    return "\n".join(lines)


def _text_lines_blanked(text: str) -> str:
    """`text` with the lines that hold a bracket, `&` or `*` made empty where they are text: a comment line, or one
    whole quoted scalar or plain text (see _QUOTED_LINE, _PLAIN_LINE). Only those lines matter to the checks."""
    pieces, kept_from, line_end = [], 0, -1
    for match in _FLOW_OR_ALIAS.finditer(text):
        if match.start() < line_end:
            continue  # a line already looked at
        line_start = text.rfind("\n", 0, match.start()) + 1
        line_end = text.find("\n", match.start())
        line_end = len(text) if line_end == -1 else line_end
        line = text[line_start:line_end]
        if _COMMENT_LINE.fullmatch(line) or _QUOTED_LINE.fullmatch(line) or _PLAIN_LINE.fullmatch(line):
            pieces.append(text[kept_from:line_start])
            kept_from = line_end
    return "".join(pieces) + text[kept_from:] if pieces else text


def _numbers_safe(lined: str) -> bool:
    for match in _NUMBERISH.finditer(lined):
        if match[2] is not None:
            return False  # a number as a key (see _ODD_KEY)
        if not same_scalar(match[1]):
            return False
    return True


@lru_cache(maxsize=4096)
def same_scalar(plain: str) -> bool:
    """Do both parsers read this plain scalar as the same value of the same type?"""
    loader = DataLoader("")
    try:
        old = loader.construct_object(ScalarNode(loader.resolve(ScalarNode, plain, (True, False)), plain))
    except (yaml.YAMLError, ValueError):
        return False
    finally:
        loader.dispose()
    try:
        parsed: Any = yaml_rs.loads(f"- {plain}\n", parse_datetime=False)  # typed as a mapping; a list here
        new = parsed[0]
    except yaml_rs.YAMLDecodeError:
        return False
    return type(old) is type(new) and repr(old) == repr(new)  # repr tells nan and -0.0 apart too


def _flows_safe(text: str) -> bool:
    """Every flow collection closes on the line it opens on, with nothing in it that the two read apart (`text` has
    its text lines blanked). Conservative: a bracket in prose counts too, and a quote that does not close on its line
    fails."""
    for match in _FLOW.finditer(text):
        tail = match[0]  # from the first bracket of a line to its end
        quoted = "'" in tail or '"' in tail
        bare = _QUOTED.sub("", tail) if quoted else tail  # what the quote and bracket counts read
        words = _QUOTED_SCALAR.sub(r"\1q", tail) if quoted else tail  # what the risks are looked for in
        if "'" in bare or '"' in bare or _FLOW_RISK.search(words):
            return False
        depth = 0
        for char in bare:
            if char in "[{":
                depth += 1
            elif char in "]}":
                depth -= 1
                if depth < 0:
                    return False
        if depth:
            return False
    return True


def _aliases_safe(lined: str) -> bool:
    """Anchor and alias names that both parsers read alike, each name anchored once, no alias used as a key,
    and no alias inside the node it refers to (PyYAML builds a cycle there, yaml_rs a None)."""
    spans: dict[str, tuple[int, int]] = {}  # anchor name -> the part of the text its node may cover
    for match in _ANCHOR.finditer(lined):
        kind = lined[match.start()]
        name, after = match.groups()
        if not _ANCHOR_NAME.fullmatch(name) or after:
            return False  # a name PyYAML refuses, an alias as a key, or no space before a collection
        if kind == "&":
            if name in spans:
                return False
            spans[name] = (match.end(), _anchored_end(lined, match.start(), match.end()))
        elif name in spans and spans[name][0] <= match.start() < spans[name][1]:
            return False
    return True


def _anchored_end(text: str, at: int, after: int) -> int:
    """Where the node anchored at `text[at]` ends, or later (never earlier): a scalar ends on its line, a block
    collection before the next line indented as little as its key (or its `-`), a flow collection or a whole
    document at the end of the text."""
    line_start = text.rfind("\n", 0, at) + 1
    line_end = text.find("\n", after)
    line_end = len(text) if line_end == -1 else line_end
    rest = text[after:line_end].strip()
    if rest and rest[0] not in "#[{":
        return after  # a scalar, which holds no alias
    head = _ANCHOR_HEAD.fullmatch(text[line_start:at])
    if rest[:1] in ("[", "{") or head is None:
        return len(text)
    indent, dashes, key = head.groups()
    if key:  # `key: &x` holds the lines indented more than the key, and a `- ` sequence as deep as the key
        column, sequence_too = len(indent) + len(dashes), True
    elif dashes:  # `- &x` holds the lines indented more than its `-`
        column, sequence_too = len(indent) + len(dashes.rstrip()) - 1, False
    else:
        return len(text)
    for line in _LINE.finditer(text, line_end + 1):
        content = line[2]
        if not content or content[0] == "#":
            continue
        depth = len(line[1])
        if depth < column or (depth == column and not (sequence_too and content[0] == "-")):
            return line.start()
    return len(text)
