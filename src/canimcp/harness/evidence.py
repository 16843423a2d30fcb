"""Where probe runs and hand-written support statements disagree: the review list."""

from __future__ import annotations

from dataclasses import dataclass

from ..kb.observed import answered_with
from ..kb.verdict import verdict
from ..model import KnowledgeBase


@dataclass(frozen=True)
class Disagreement:
    client: str
    feature: str
    written: str
    observed: str
    probes: tuple[str, ...]
    surface: str | None = None
    answered: tuple[str, ...] = ()  # what the client answered, where the verdict hides it (a decline...)

    def __str__(self) -> str:
        on = f" ({self.surface})" if self.surface else ""
        said = f"; the client answered with {' / '.join(self.answered)}" if self.answered else ""
        return (
            f"{self.client}{on} · {self.feature}: statements say {self.written}, "
            f"probe runs say {self.observed} ({', '.join(self.probes)}){said}"
        )

    def as_dict(self) -> dict[str, object]:
        return {"client": self.client, "feature": self.feature, "written": self.written, "observed": self.observed,
                "probes": list(self.probes), "surface": self.surface, "answered": list(self.answered)}  # fmt: skip


def disagreements(kb: KnowledgeBase) -> list[Disagreement]:
    out = []
    for client_id, features in sorted(kb.observed.items()):
        client = kb.clients.get(client_id)
        for feature_id, observed in sorted(features.items()):
            written = kb.support.get(client_id)
            statements = written.support.get(feature_id, []) if written else []
            if not statements:
                continue
            # judge the written statements at the version the probe ran
            # compare surface by surface, at the version the probe ran
            for surface in dict.fromkeys(s.surface for s in observed):
                runs = [s for s in observed if s.surface == surface]
                probes = tuple(dict.fromkeys(e.probe for s in runs for e in s.evidence if e.probe))
                flags = _signed_in_flags(kb, client_id, feature_id, probes)
                said = verdict(statements, client, surface=surface, version=runs[0].since, flags=flags).state
                seen = verdict(runs, None).state
                if "unknown" in (said, seen) or said == seen:
                    continue
                details = (kb.probes[p].features[feature_id].detail for p in probes if p in kb.probes)
                answered = tuple(sorted({a for a in map(answered_with, details) if a}))
                out.append(Disagreement(client_id, feature_id, said, seen, probes, surface, answered))
    return out


def _signed_in_flags(kb: KnowledgeBase, client_id: str, feature_id: str, probes: tuple[str, ...]) -> dict[str, str]:
    """The flags a run with OAuth required had turned on, for the sign-in features it speaks to. A recipe signs in
    by doing what the client's flagged `auth.oauth` statements name (the app's OAuth provider, an `"auth": "oauth"`
    entry), so such a run is held against what the statements say under those flags, not against the default they
    set apart; a flag of another feature alone (a client ID metadata document URL) is not taken as turned on."""
    signed_in = all((h := kb.probes[p].harness) is not None and h.auth for p in probes if p in kb.probes)
    if not (feature_id.startswith("auth.") and probes and signed_in):
        return {}
    written = kb.support.get(client_id)
    oauth = written.support.get("auth.oauth", []) if written else []
    return {s.condition.flag.key: s.condition.flag.value for s in oauth if s.condition and s.condition.flag}
