"""`verdict`'s shortcut for a lone statement gives what weighing the statements step by step gives."""

from __future__ import annotations

import itertools

from canimcp.kb import read_kb
from canimcp.kb.verdict import _weighed, verdict
from canimcp.model import Statement


def lone_statements() -> list[Statement]:
    """One statement of every shape that matters: each state, with or without a flag, on no surface, the main
    one or another, and with no version range, a lower bound, an upper bound or both."""
    found = []
    for state, flag, surface, (since, until) in itertools.product(
        ["yes", "no", "partial", "unknown"],
        [None, {"flag": {"key": "mcp.experimental", "value": True}}],
        [None, "runtime", "status"],
        [(None, None), ("1.2", None), (None, "2.0"), ("1.2", "2.0")],
    ):
        doc = {"state": state, "surface": surface, "since": since, "until": until, "condition": flag}
        found.append(Statement.model_validate({k: v for k, v in doc.items() if v is not None}))
    return found


def test_a_lone_statement_gets_the_verdict_the_weighing_gives() -> None:
    kb = read_kb().kb
    client = next(c for c in kb.clients.values() if len(c.surfaces) > 1)
    statements = lone_statements()
    shortcuts = 0
    for st in statements:
        for who in (client, None):
            got, weighed = verdict([st], who), _weighed([st], who, None, None, None)
            assert got == weighed, st
            shortcuts += st.is_default and st.until is None
    assert 0 < shortcuts < 2 * len(statements), "both the shortcut and the weighing are exercised"


def test_every_bundled_verdict_is_what_the_weighing_gives() -> None:
    kb = read_kb().kb
    for client in kb.clients.values():
        for feature in kb.features:
            statements = kb.statements(client.id, feature)
            if statements:
                assert verdict(statements, client) == _weighed(statements, client, None, None, None)
