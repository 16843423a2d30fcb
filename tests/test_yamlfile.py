"""parse_yaml (yaml_rs when the text allows it) against parse_yaml_slow (PyYAML, the reading of record):
equal values, equal duplicate keys, equal `file:line` errors, equal lines for every location."""

from __future__ import annotations

import importlib.util
import math
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canimcp.kb import bundled_data_dir, read_kb
from canimcp.kb import loader as kb_loader
from canimcp.kb.checkcache import CheckCache
from canimcp.kb.yamldialect import fast_path_safe
from canimcp.kb.yamlfile import LineMap, YamlError, parse_yaml, parse_yaml_slow, split_front_matter

ROOT = Path(__file__).resolve().parents[1]


def typed(value: Any) -> Any:
    """`value` with every type spelled out: True is not 1, 1.0 is not 1, nan equals nan, -0.0 is not 0.0."""
    if isinstance(value, dict):
        return ("dict", [(typed(k), typed(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("list", [typed(v) for v in value])
    if isinstance(value, float):
        return ("float", "nan" if math.isnan(value) else repr(value))
    if isinstance(value, (set, frozenset, tuple)):
        return (type(value).__name__, sorted(repr(v) for v in value))
    return (type(value).__name__, value)


def outcome(parse: Any, text: str, offset: int = 0) -> tuple[Any, ...]:
    try:
        data, lines = parse(text, offset)
    except YamlError as exc:
        return ("error", exc.line, exc.message)
    except ValueError as exc:  # PyYAML's constructor crashes on `0b_` (int("", 2)): so must the fast path
        return ("crash", type(exc).__name__)
    return ("ok", typed(data), lines.duplicates, lines_of(data, lines))


def lines_of(data: Any, lines: LineMap, limit: int = 400) -> list[tuple[tuple[str | int, ...], int]]:
    return [(loc, lines.line(*loc)) for loc in list(locations(data))[:limit]]


def locations(value: Any, loc: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    yield loc
    if isinstance(value, dict):
        for key, item in value.items():
            yield from locations(item, (*loc, str(key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from locations(item, (*loc, index))


def assert_same(text: str, offset: int = 0) -> None:
    assert outcome(parse_yaml, text, offset) == outcome(parse_yaml_slow, text, offset), repr(text)


# Where YAML 1.1 (PyYAML) and YAML 1.2 (yaml_rs) differ, and what the data files commonly hold.
TRICKY = [
    # numbers: octal, binary, hex, underscores, sexagesimal, exponents, dots, signs, inf and nan
    "a: 010", "a: 0o10", "a: 09", "a: 0b101", "a: 0x1F", "a: 0X1f", "a: 1_000", "a: _1", "a: 1_", "a: 1:30",
    "a: 190:20:30", "a: -1:30", "a: 1:30.5", "a: 1e5", "a: 1E5", "a: 1.0e5", "a: 1.0e+5", "a: 1.e+5", "a: 12e03",
    "a: .5", "a: +.5", "a: 5.", "a: .", "a: .inf", "a: -.Inf", "a: .iNf", "a: .nan", "a: .NaN", "a: -0.0", "a: +12",
    "- [1:2]", "- 0b_", "a: 0x", "a: 1.2.3", "a: 2.0.99: x",
    # nulls and booleans: YAML 1.2 booleans only, `yes`/`on` stay words
    "a: ~", "a: Null", "a: NULL", "a: nUll", "a:", "a: yes", "a: on", "a: No", "a: True", "a: TRUE", "a: tRue",
    # dates and times stay text
    "a: 2025-01-01", "a: 2025-01-01 10:00:00", "a: 2025-01-01T10:00:00Z", "a: 10:00:00",
    # keys that are not strings, and the duplicate keys PyYAML sees by their text
    "1: a\n'1': b\n", "1: a\ntrue: b\n", "null: a\n~: b\n", "010: a\n8: b\n", ": x\n", "a : b\n", "{: x}",
    "? [1, 2]\n: a\n", "[a, b]: c\n", "{a: 1}: x\n", "a: 1\na: 2\n", "x:\n  y: 1\n  y: 2\n", "{a: 1, a: 2}",
    '"a": 1\na: 2\n',
    # tags, merge keys, `=`
    "a: !!binary aGVsbG8=", "a: !!python/tuple [1]", "a: !!str 12", "a: !!int '12'", "a: !custom x", "a: ! x",
    "a: !!set {x, y}", "a: !!omap [a: 1]", "b: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n", "a: =", "a: <<",
    # anchors and aliases: repeated names, names PyYAML refuses, aliases as keys, cycles, real use
    "a: &x 1\nb: *x\n", "a: &x [1, 2]\nb: *x\n", "a: &x 1\nc: &x 2\nb: *x\n", "a: &x.y 1\nb: *x.y\n",
    "a: &x k\n*x : v\n", "a: &x\nb: *x\n", "- &x a: 1\n- *x\n",
    "s:\n  - source: &caps\n      url: u\n      title: t\n  - source: *caps\n", "a: *nope",
    # block scalars: chomping, indentation indicators, empty ones, at the very end, no final line break
    "a: |\n  x\n  y\n", "a: |\n  x\n  y", "a: >\n  x\n\n  y\n", "a: |-\n  x\n\n", "a: |+\n  x\n\n", "a: >+\n",
    "a: >\n", "a: |\n", "a: |", "a: |\nb: 1\n", "a: |2\n   x\n", "a: >1\n  x", "a: |\n\n  x", "a: | # c\n  x\n",
    "a: |\n  x\n# c\n", "a: |\n# c\n", "- |\n x\n- >-\n y\n",
    # quoted scalars, escapes, folding
    "a: 'it''s'", 'a: "\\t\\x41\\u00e9\\U0001F600\\N\\_\\L\\P"', 'a: "\\q"', "a: 'x\n  \n  y'", 'a: "x \\\n  y"',
    "k: 'x'#c", 'k: "x" # c', "a: x\n  \n  y\n", "a: x   \n   y   \n", "a: b#c", "a: b #c",
    # flow collections: on one line, over several, with keys that go over lines, odd starts
    "k: [a, b]", "k: {a: 1, b: [2, 3]}", "k: [a,\n  b]", "k: {a: 1,\n b: 2}", "{a\nb: c}", '{"a\n b": c}',
    "{a\n : b}", "[a: b, c]", "[a:, b]", "{a: b:}", "[|]", "[a, |]", "{a: >x}", "[?]", "{a: ?x}", "{a: b, ?x}",
    "[:x]", "{a: :x}", "[-]", "{a:1}", '{"a":1}', "[a]]", "a: ,b",
    # brackets in a line that is one quoted scalar or plain text: text to both, whatever follows
    "t: 'a { b'\nk: [x, y]\n", "- 'x [y'\n", "t: 'it''s {a: b}'\n", 't: "a {b} \\"c\\""\n', "t: 'a [b' # c\n",
    "t: text [a, b] more\n", "t: it's [a\n  b] done\n", "t: text\n  more [a: b]\n", "t: x [a]: y\n", "k: `x` [a]\n",
    "a: b\n  `c` [d]\n", "- t: x [a,\n  b]\n", "k: [a,\n  'b [c'\n  ]\n", "x y: [a: b]\n", "t: a#b [c: d]\n",
    # what a block scalar holds is text (brackets, numbers, `*`, `&`, a header look-alike), up to its first line
    # indented no more than its key; a header look-alike inside a quoted scalar; leading spaces wider than the content
    "a: |\n  x [1:2] *y &z -1:30: w\nb: [1:2]\n", "a: >-\n  [a: b\n\n  010: x\nb: 010\n", "- |\n  [a: b]\n- [1:2]\n",
    "- k: |\n    *x &y\n  j: 010\n", "a: |\n[1:2]\n", "a: |\n     \n  [1:2]\nb: 1:30\n",
    "a:\n  - |\n   [x\n  - [1:2]\n", "a: 'x\n  b: |\n    [1:2]'\nc: [1:2]\n", "  a: 'x\nb: |\n  y'\n  c: [1:2]\n",
    "a: |\n  x\n b: [1:2]\n",
    "a: x\n  - |\n    [1:2]\nb: 1\n", "a: |  # c\n  [x: ?y\nb: *q\n", "&a k: |\n  [1:2]\n",
    # quoted scalars in flow collections: text where a scalar starts, anything after a quote elsewhere
    "k: {a: 'x: ?y', b: \"c\\\"d [\"}\n", "k: [a's, ?x, b's]\n", "k: [it's]\n", "k: {'a': 1:30}\n", "k: ['a'?]\n",
    "k: [a, 'b'c]\n", "k: {\"a\": 'b', c: \"[d]\"}\n", "k: ['a', ?b]\n", "k: {a: 'x'}: y\n", "k: [a, 'b\n  c']\n",
    # comment lines and text lines: never structure, so their brackets and `*` are prose
    "# [a: b\nk: 1\n", "k: 'a\n  # [x: ?y\n  b'\n", "  # x\nk: [1:2]\n", "t: \"a *b &c\"\nk: &x 1\nj: *x\n",
    "t: x &a\nk: *a\n", "t: it's *a\nk: &a [x]\n",
    # documents, directives, odd characters
    "", "# only a comment\n", "hello", "12", "[1, 2]", "--- \na: 1\n", "a: 1\n---\nb: 2\n", "a: 1\n...\n", "...\n",
    "%YAML 1.1\n---\na: 1\n", "%YAML 1.2\n---\na: 010\n", "\ta: 1", "a:\t1", "a: 1\r\nb: 2\r\n", "a: x\x85y",
    "a: x\u2028y", "\ufeffa: 1", "a: \x07", "a: @x", "a: `x", "a: - b", "a: b: c", "key: value\n- item\n",
    "a:\n  - x\n - y\n", "a: [1, 2\nb: 3\n", 'a: "unclosed\n',
    # alias bombs: see test_alias_bombs_are_refused_quickly
]  # fmt: skip


@pytest.mark.parametrize("text", TRICKY)
def test_tricky_snippets_read_as_pyyaml_reads_them(text: str) -> None:
    assert_same(text)
    assert_same(text, offset=1)


def test_the_dialect_itself() -> None:
    # pin what the slow path (and so the fast one) reads, so that the comparison above has a fixed reference
    data, _ = parse_yaml("a: 010\nb: 1e5\nc: 1.0e+5\nd: yes\ne: 2025-01-01\nf: True\ng: 1:30\nh: 0b11\n")
    assert data == {"a": 8, "b": "1e5", "c": 100000.0, "d": "yes", "e": "2025-01-01", "f": True, "g": 90, "h": 3}
    assert type(data["f"]) is bool


def test_syntax_errors_and_duplicates_name_the_line() -> None:
    with pytest.raises(YamlError) as caught:
        parse_yaml("a: 1\nb: [x, y\nc: 3\n", offset=1)
    assert caught.value.line == 3 and caught.value.message.startswith("YAML syntax: ")
    data, lines = parse_yaml("a: 1\nb:\n  c: 1\n  c: 2\n")
    assert data == {"a": 1, "b": {"c": 2}} and lines.duplicates == [(4, "c")]


def test_the_fast_path_is_taken_for_ordinary_data() -> None:
    assert fast_path_safe("id: x\ntitle: 'A: b'\norder: 3\nitems:\n- a\n- {b: 1, c: [2]}\ntext: |\n  x\n")
    # brackets, numbers and `*` that are text: in a block scalar, a comment line, a quoted scalar in a flow collection
    assert fast_path_safe('a: |\n  [x: 1:30] *y\n  -1: z\n# [see: ?x]\nb: {k: "A::B(\\"c\\")", j: \'x: y\'}\n')
    assert fast_path_safe('- source: &s\n    title: "a *b"\n- source: *s\n')
    assert not fast_path_safe("a: 010\n")  # octal for PyYAML, ten for yaml_rs
    assert not fast_path_safe("a: !!binary aGk=\n")


def bomb(levels: int, extra: str = "") -> str:
    lines = [f"a0: &a0 [x{extra}]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("text", [bomb(12), bomb(12, "\t"), bomb(12, " !!str")], ids=["fast", "tab", "tag"])
def test_alias_bombs_are_refused_quickly(text: str) -> None:
    start = time.perf_counter()
    with pytest.raises(YamlError) as caught:
        parse_yaml(text, offset=1)
    assert time.perf_counter() - start < 5
    assert caught.value.line == 3 and "YAML aliases" in caught.value.message


@pytest.mark.parametrize("text", ["a: 1\nb: &x\n  c: *x\n", "- 1\n- &x\n  - *x\n", "a: 1\nb: &x [*x]\n"])
def test_an_alias_inside_its_own_anchor_is_an_error_not_a_crash(text: str) -> None:
    with pytest.raises(RecursionError):
        parse_yaml_slow(text)  # as before the fast parser: PyYAML builds the cycle, the duplicate key walk loops
    with pytest.raises(YamlError) as caught:
        parse_yaml(text)
    assert caught.value.line == 2 and "alias to itself" in caught.value.message


@pytest.mark.parametrize(
    "text",
    ["a: &x 1\nb: " + "[" * 500 + "*x" + "]" * 500 + "\n", "b: " + "[" * 3000 + "1" + "]" * 3000 + "\n"],
    ids=["alias", "plain"],
)
def test_nesting_too_deep_to_read_is_an_error_not_a_crash(text: str) -> None:
    with pytest.raises(YamlError) as caught:
        parse_yaml(text, offset=1)
    # said by the recursion guard, or by libyaml where it is built with a nesting limit (as in CI's install)
    message = caught.value.message
    assert caught.value.line == 2 and ("nested too deeply" in message or "exceeded maximum nesting depth" in message)


def test_line_maps_compose_only_when_asked() -> None:
    text = "a: 1\nb:\n  - c: 2\n"
    _, lines = parse_yaml(text, offset=1)
    assert lines.node is None
    assert lines.line("b", 0, "c") == 4 and lines.node is not None
    assert lines.line("nowhere") == 2


# -- generated documents ---------------------------------------------------------------------------
SCALARS = st.sampled_from(
    [
        "0", "1", "-1", "010", "0o7", "0x1F", "0b10", "1_000", "1:30", "1e5", "1.5", "1.0e+5", ".5", ".inf", ".NaN",
        "~", "null", "true", "False", "yes", "on", "2025-01-01", "10:00", "1.2.3", "abc", "a b", "a-b", "x:y",
        "http://x:1/a?b=1&c=2", "3f0e1e4a", "'q'", '"d"', "'it''s'", '"a\\tb"', "''", '""', "'1'", '"true"', "=",
        "é 日本", "a#b", "'x: y'", '"[a]"', "*a", "&a x", "&b 1", "!!str 5", "|\n  text", ">-\n  text\n\n  more",
        "|\n  [a: 1:30] *a &b\n  010: x", ">-\n  '{x' # y\n\n   - [z", "'a: [x]' # [y",
    ]
)  # fmt: skip
KEYS = st.sampled_from(["id", "title", "a", "b", "b", "state", "source", "x y", "é", "1", "'1'", "null", "010", "~"])


def block(value: Any, indent: int) -> str:
    pad = " " * indent
    if isinstance(value, list):
        if not value:
            return " []\n"
        return "\n" + "".join(f"{pad}-{block(item, indent + 2)}" for item in value)
    if isinstance(value, tuple):
        if not value:
            return " {}\n"
        return "\n" + "".join(f"{pad}{key}:{block(item, indent + 2)}" for key, item in value)
    return " " + value.replace("\n", "\n" + pad) + "\n"


def flow(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(flow(item) for item in value) + "]"
    if isinstance(value, tuple):
        return "{" + ", ".join(f"{key}: {flow(item)}" for key, item in value) + "}"
    return value if "\n" not in value else "x"


TREES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.lists(st.tuples(KEYS, inner), max_size=4).map(tuple),
    max_leaves=12,
)


@st.composite
def documents(draw: st.DrawFn) -> str:
    tree = draw(st.lists(st.tuples(KEYS, TREES), min_size=1, max_size=4).map(tuple))
    text = block(tree, 0)[1:] if draw(st.booleans()) else flow(tree) + "\n"
    if draw(st.booleans()):  # one edit: most make an error, some a different valid document
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(list(" \n:-[]{}'\"#&*\t"))) + text[at:]
    return text


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_generated_documents_read_as_pyyaml_reads_them(text: str) -> None:
    assert_same(text)


# -- real files ------------------------------------------------------------------------------------
def yaml_texts(root: Path) -> Iterator[tuple[Path, str, int]]:
    for path in sorted(root.rglob("*")):
        if path.suffix == ".yaml":
            yield path, path.read_text(encoding="utf-8"), 0
        elif path.suffix == ".md":
            yield path, split_front_matter(path.read_text(encoding="utf-8"))[0], 1


def synthetic_kb(into: Path) -> Path:
    spec = importlib.util.spec_from_file_location("bench_site", ROOT / "bench" / "bench_site.py")
    assert spec and spec.loader
    bench_site = importlib.util.module_from_spec(spec)
    sys.modules["bench_site"] = bench_site  # its dataclasses look their module up
    spec.loader.exec_module(bench_site)
    bench_site.generate(into / "data", bench_site.Shape(notes=50, clients=10, features=20))
    return into / "data"


def test_every_bundled_file_reads_as_before() -> None:
    texts = list(yaml_texts(bundled_data_dir()))
    assert len(texts) > 20
    for path, text, offset in texts:
        assert outcome(parse_yaml, text, offset) == outcome(parse_yaml_slow, text, offset), path


def test_every_synthetic_file_reads_as_before_and_fast(tmp_path: Path) -> None:
    texts = list(yaml_texts(synthetic_kb(tmp_path)))
    assert len(texts) == 1 + 10 + 10 + 10 + 50  # revisions, categories, clients, support tables, notes
    for path, text, offset in texts:
        assert outcome(parse_yaml, text, offset) == outcome(parse_yaml_slow, text, offset), path
        assert fast_path_safe(text), path  # what the benchmark measures: no file falls back


def test_read_kb_gives_the_same_knowledge_base_and_findings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    root = synthetic_kb(tmp_path)
    support = root / "support" / "client-000.yaml"
    support.write_text(support.read_text(encoding="utf-8").replace("state: 'yes'", "state: yes\n    state: 'no'", 1))
    note = root / "research" / "note-0001.md"
    note.write_text(note.read_text(encoding="utf-8").replace("status: current", "status: [current"))
    client = root / "clients" / "client-001.md"
    client.write_text(client.read_text(encoding="utf-8").replace("license: MIT", "license: 010\ncolour: 0x1F"))
    for data in (bundled_data_dir(), root):
        fast = read_kb(data)
        monkeypatch.setattr(kb_loader, "parse_yaml", lambda text, offset=0, fast=None: parse_yaml_slow(text, offset))
        slow = read_kb(data)
        monkeypatch.undo()
        assert [str(f) for f in fast.findings] == [str(f) for f in slow.findings]
        assert fast.kb.model_dump() == slow.kb.model_dump()
        assert {k: o.line() for k, o in fast.origins.items()} == {k: o.line() for k, o in slow.origins.items()}
        # and as `canimcp check` reads it: learning the dialect verdicts and the reports, then knowing them
        left_unread = []
        for _ in range(2):
            memo = CheckCache(tmp_path / data.name / "check.json")
            known = read_kb(data, memo=memo)
            memo.save()
            left_unread.append(sorted(known.unread))
            assert [str(f) for f in known.findings] == [str(f) for f in fast.findings]
            assert {k: o.line() for k, o in known.origins.items()} == {k: o.line() for k, o in fast.origins.items()}
            assert known.report_ids() == sorted(fast.kb.probes)
            for report_id in known.report_ids():
                known.report(report_id)
            assert known.kb.model_dump() == fast.kb.model_dump()
        assert left_unread == [[], sorted(fast.kb.probes)]
    assert {f.code for f in fast.findings} >= {"KB001", "KB002"}
