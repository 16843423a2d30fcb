"""Comparing client versions as the knowledge base writes them ("1.2.10", "2026.3.1", "2.0.0-beta.1", "0.4.0rc1").

Release numbers first (1.10 after 1.9; 1.2 and 1.2.0 are one version), then a pre-release before its release and a
post-release after it: semver and PEP 440 agree on that, and the clients come from npm and PyPI. Dependency-free,
so that the harness, the lint rules and the verdicts can share it cheaply."""

from __future__ import annotations

import re

# one identifier of a pre-release: (0, n, "") for a number, (1, 0, word) for a word; numbers sort first (semver)
Identifier = tuple[int, int, str]
# (release numbers without trailing zeros, 0 pre-release / 1 release / 2 post-release, the identifiers after it)
VersionKey = tuple[tuple[int, ...], int, tuple[Identifier, ...]]

_RELEASE = re.compile(r"[vV]?(\d+(?:\.\d+)*)(.*)", re.DOTALL)
# PEP 440 spellings, each named as semver would name it so that "b1" and "-beta.1" are one version
_PEP440_PRE = re.compile(r"[-_.]?(alpha|a|beta|b|preview|pre|rc|c|dev)[-_.]?(\d*)", re.IGNORECASE)
_PEP440_POST = re.compile(r"[-_.]?(post|rev|r)[-_.]?(\d*)", re.IGNORECASE)
_SEMVER_WORD = {"a": "alpha", "b": "beta", "c": "rc", "pre": "rc", "preview": "rc"}


def _identifier(part: str) -> Identifier:
    return (0, int(part), "") if part.isdigit() else (1, 0, part.lower())


def version_key(version: str) -> VersionKey | None:
    """A key that sorts versions in release order; None for a text with no number in it."""
    match = _RELEASE.match(version.strip())
    if match is None:  # no leading number ("nightly-2"): its numbers, as a release
        numbers = re.findall(r"\d+", version)
        return (tuple(int(n) for n in numbers), 1, ()) if numbers else None
    release = [int(n) for n in match[1].split(".")]
    while len(release) > 1 and release[-1] == 0:
        release.pop()
    rest = match[2].split("+", 1)[0]  # build metadata does not order (semver; a PEP 440 local version likewise)
    if not rest:
        return tuple(release), 1, ()
    if post := _PEP440_POST.fullmatch(rest):
        return tuple(release), 2, (_identifier(post[2] or "0"),)
    if pre := _PEP440_PRE.fullmatch(rest):
        word = pre[1].lower()
        # a development release comes before every other pre-release of its version (PEP 440)
        kind = (0, -1, "dev") if word == "dev" else (1, 0, _SEMVER_WORD.get(word, word))
        return tuple(release), 0, (kind, _identifier(pre[2] or "0"))
    if rest.startswith("-"):  # semver: "-beta.1", "-rc.2", and "-g7618fb" (Amp's commit suffix) alike
        return tuple(release), 0, tuple(_identifier(p) for p in rest[1:].split(".") if p)
    # a suffix neither scheme knows ("1.2.3.Final"): after the bare release, ordered by its text
    return tuple(release), 1, ((1, 0, rest.lower()),)
