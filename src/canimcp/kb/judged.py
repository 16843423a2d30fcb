"""KB019's judgements kept between checks, by the digest of each report's file and of the code that judges it.

Judging every probe report again from its messages is most of what `canimcp check` costs, while between two checks
the reports and the judging code rarely change. A judgement is a function of the report's bytes and of this
package's code (and the Python and pydantic that run it), so a judgement stored under those digests is what judging
again would give: a hit saves the work, and any change to a report or to the code misses. The cache is a JSON file
in the user's cache folder (`CANIMCP_CHECK_CACHE` names another folder, or `off`); a file that cannot be read or
written is no cache, never an error."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

CACHE_ENV = "CANIMCP_CHECK_CACHE"
FILE_NAME = "judged.json"
KEPT = 50_000  # judgements kept across knowledge bases (a report's takes about 50 bytes)


def cache_path() -> Path | None:
    setting = os.environ.get(CACHE_ENV, "")
    if setting == "off":
        return None
    if setting:
        return Path(setting) / FILE_NAME
    try:  # not installed where the wheel's build hook checks the data: no cache there
        from platformdirs import user_cache_dir
    except ImportError:
        return None
    return Path(user_cache_dir("canimcp")) / FILE_NAME


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of every Python file of this package, and of the Python and pydantic versions that run it."""
    import pydantic

    package = Path(__file__).resolve().parent.parent
    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"{sys.version_info[:3]} pydantic {pydantic.VERSION}".encode())
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


class JudgedCache:
    """Changes found by judging a report again (an empty list: none), by the digest of the report's file."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.stored: dict[str, list[str]] = {}
        self.used: dict[str, list[str]] = {}
        self.added = False
        if path is None:
            return
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(data, dict) and data.get("code") == code_digest() and isinstance(data.get("judged"), dict):
            self.stored = data["judged"]

    def get(self, report_digest: str | None) -> list[str] | None:
        if self.path is None or not report_digest:
            return None
        found = self.stored.get(report_digest)
        if not isinstance(found, list) or not all(isinstance(line, str) for line in found):
            return None
        self.used[report_digest] = found
        return found

    def put(self, report_digest: str | None, changes: list[str]) -> None:
        if self.path is not None and report_digest:
            self.used[report_digest] = changes
            self.added = True

    def save(self) -> None:
        """Write the judgements of this check and, up to KEPT, the earlier ones; only when some were added."""
        if self.path is None or not self.added:
            return
        judged = dict(self.used)
        for key, changes in self.stored.items():
            if len(judged) >= KEPT:
                break
            judged.setdefault(key, changes)
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".judged-", suffix=".json")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    json.dump({"code": code_digest(), "judged": judged}, out)
                os.replace(temporary, self.path)  # whole or not at all, whatever another check writes meanwhile
            finally:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(temporary)
