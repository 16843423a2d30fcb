"""Messages laid out for reading without changing what they say.

A run's page shows every message a client sent. Parsing and dumping again would rewrite it: `1e2` would read
`100.0`, a duplicated key would lose one of its values, `\\u003c` would become `<`. So valid JSON is laid out
token by token instead (every token as sent, only the whitespace between them changed), and anything else is
shown as it came. Characters that would change how the text looks without being seen (controls, bidirectional
overrides) are shown as escapes."""

from __future__ import annotations

import json
import re
from typing import Any

# a JSON string, a structural character, or any other run of non-space characters (a number, true, null)
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\],:]|[^{}\[\],:"\s]+')
_CLOSE = {"{": "}", "[": "]"}
MAX_DEPTH = 32  # deeper than any message of the protocol: laid out as sent
# C0 controls but tab, line feed and carriage return; DEL; C1 controls; the bidirectional marks and overrides
_UNSEEN = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def visible(text: str) -> str:
    """`text` with the characters that change how it reads without being seen written as `\\uXXXX` (inside a
    JSON string that is the same string)."""
    return _UNSEEN.sub(lambda m: f"\\u{ord(m[0]):04x}", text)


def layout(raw: str) -> str:
    """A message as JSON laid out with two-space indents, each token as sent, when it is one valid JSON document
    without a repeated key; otherwise the text as sent. Either way with unseen characters made visible."""
    try:
        json.loads(raw, object_pairs_hook=_no_repeated_keys, parse_constant=_not_json)
        return visible(_indent(_TOKEN.findall(raw)))
    except (ValueError, RecursionError):
        return visible(raw)


def _indent(tokens: list[str]) -> str:
    out: list[str] = []
    depth = 0
    i, n = 0, len(tokens)
    while i < n:
        token = tokens[i]
        if token == "{" or token == "[":
            if i + 1 < n and tokens[i + 1] == _CLOSE[token]:  # {} and [] stay on one line
                out.append(token + _CLOSE[token])
                i += 2
                continue
            depth += 1
            if depth > MAX_DEPTH:  # indenting every line to its depth would grow with the square of the nesting
                raise ValueError("nested too deep to lay out")
            out.append(token + "\n" + "  " * depth)
        elif token == "}" or token == "]":
            depth -= 1
            out.append("\n" + "  " * depth + token)
        elif token == ",":
            out.append(",\n" + "  " * depth)
        elif token == ":":
            out.append(": ")
        else:
            out.append(token)
        i += 1
    return "".join(out)


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise ValueError("a key is repeated")
    return found


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not JSON")
