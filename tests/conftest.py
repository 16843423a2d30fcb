from __future__ import annotations

from pathlib import Path

import pytest

from minikb import MiniKB


@pytest.fixture
def mini(tmp_path: Path) -> MiniKB:
    return MiniKB(tmp_path / "data")
