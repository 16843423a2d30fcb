"""A client page says which of its statements were written by hand and which follow from its probe runs, and
the numbers add up to the rows the page shows (prose in the data cannot keep such a list current; the page can)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from canimcp.kb import bundled_data_dir

PARAGRAPH = re.compile(r'<p class="provenance">(.*?)</p>', re.S)
COUNTS = re.compile(
    r"Of the (\d+) features,\s+<strong>(\d+)</strong> are stated from canimcp's probe runs.*?"
    r"<strong>(\d+)</strong> are written by hand",
    re.S,
)


@pytest.mark.parametrize("client_id", ["copilot-cli", "codex", "amp"])
def test_the_hand_written_features_are_those_of_the_support_file(bundled_site: Path, client_id: str) -> None:
    page = (bundled_site / "clients" / f"{client_id}.html").read_text(encoding="utf-8")
    found = PARAGRAPH.search(page)
    assert found, "no provenance paragraph"
    paragraph = found.group(1)
    total, from_runs, by_hand = (int(n) for n in COUNTS.search(paragraph).groups())  # type: ignore[union-attr]

    support = yaml.safe_load((bundled_data_dir() / "support" / f"{client_id}.yaml").read_text(encoding="utf-8"))
    written = {feature for feature, statements in support["support"].items() if statements}
    listed = re.findall(r'<a href="#(f-[^"]+)"><code>([^<]+)</code></a>', paragraph)
    assert {feature for _, feature in listed} == written and by_hand == len(written)
    for target, _ in listed:  # each one leads to its row
        assert f'<li id="{target}" class="support-row">' in page

    rows = page.count('class="support-row"')
    unstated = page.count("No statement yet: unknown.")
    assert total == rows and from_runs + by_hand + unstated == rows
    assert from_runs > 0  # each of these clients has runs that state what no hand statement does

    twin = (bundled_site / "clients" / f"{client_id}.md").read_text(encoding="utf-8")
    assert f"Of the {total} features, {from_runs} are stated from canimcp's probe runs" in twin
    assert f"and {by_hand} are written by hand" in twin
