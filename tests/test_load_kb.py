"""load_kb(): the typed model, or an error that names file and line for every problem."""

from __future__ import annotations

import pytest

from canimcp import load_kb
from canimcp.kb import KBError

from minikb import MiniKB


def test_errors_carry_file_and_line(mini: MiniKB) -> None:
    mini.edit("clients/alpha.md", "title: Alpha Agent", "title: [Alpha")
    mini.edit("support/alpha.yaml", 'state: "yes"', "state: 42")
    with pytest.raises(KBError) as caught:
        load_kb(mini.root)
    where = {(f.path.rsplit("/", 1)[-1], f.code) for f in caught.value.findings}
    assert where == {("alpha.md", "KB001"), ("alpha.yaml", "KB002")}
    assert all(f.line > 1 for f in caught.value.findings)
    assert "alpha.md:3: KB001" in str(caught.value)


def test_import_canimcp_is_light() -> None:
    import subprocess
    import sys

    code = "import sys, canimcp; print(any(m.startswith(('pydantic', 'yaml', 'typer', 'rich')) for m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
