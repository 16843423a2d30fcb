"""Client versions sort in release order, whichever registry's scheme they are written in; a statement's version
range and the drift between probed versions rely on it."""

from __future__ import annotations

import random

import pytest

from canimcp.kb.verdict import in_range
from canimcp.model import Statement
from canimcp.versions import version_key

# in release order: npm (semver) and PyPI (PEP 440) spellings mixed, as the clients publish them
IN_ORDER = [
    "0.0.1790142911-g7618fb",  # Amp: a commit suffix, a pre-release in semver's reading
    "0.0.1790712063",
    "0.9.9",
    "0.9.10",
    "1.0.dev3",
    "1.0.0-alpha",
    "1.0.0-alpha.2",
    "1.0.0-beta.1",
    "1.0.0-beta.2",
    "1.0.0-beta.11",
    "1.0.0rc1",
    "1.0.0",
    "1.0.0.post1",
    "1.0.1",
    "1.10.0",
    "2026.9.6",
]


def test_versions_sort_in_release_order() -> None:
    shuffled = IN_ORDER[:]
    random.Random(7).shuffle(shuffled)
    assert sorted(shuffled, key=lambda v: version_key(v) or ()) == IN_ORDER


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("1.2", "1.2.0"),
        ("v1.2.0", "1.2.0"),
        ("1.2.0+build.5", "1.2.0"),
        ("1.0.0b1", "1.0.0-beta.1"),
        ("2.0rc2", "2.0.0-rc.2"),
    ],
)
def test_one_version_written_two_ways_is_one_version(one: str, other: str) -> None:
    assert version_key(one) == version_key(other)


def test_a_text_without_a_number_has_no_key() -> None:
    assert version_key("latest") is None
    assert version_key("nightly-2") == version_key("2")


def test_a_range_holds_the_pre_releases_of_its_end_and_not_those_of_its_start() -> None:
    """`until` is exclusive: 2.0.0 is outside the range, a beta of 2.0.0 (published before it) inside; a release
    candidate of 1.0.0 comes before `since`."""
    statement = Statement.model_validate(
        {"state": "yes", "since": "1.0.0", "until": "2.0.0", "evidence": [{"note": "n"}]}
    )
    assert in_range(statement, "1.9.9")
    assert in_range(statement, "2.0.0-beta.3")  # published before 2.0.0, so inside a range that ends there
    assert not in_range(statement, "2.0.0")
    assert not in_range(statement, "1.0.0-rc.1")  # before 1.0.0: outside a range that starts there
