"""Effective support: what a client declared, combined with what is known of that client and version."""

from __future__ import annotations

from ..kb.verdict import verdict
from .profile import ClientProfile, Support


def effective_support(profile: ClientProfile, feature_id: str) -> Support:
    kb = profile._kb
    feature = kb.find_feature(feature_id)
    if feature is None:
        raise ValueError(f"unknown feature {feature_id!r}")
    declared = profile.declares(feature.declared_as) if feature.declared_as else None
    statements = kb.statements(profile.client_id, feature.id) if profile.client_id else []
    # a declaration tells which conditional statement applies: if the client declares the capability,
    # the statements made for "declared" (e.g. with the flag that turns it on) are the ones in force
    flags = {}
    if declared is not None:
        for st in statements:
            if st.declared == declared and st.condition and st.condition.flag:
                flags[st.condition.flag.key] = st.condition.flag.value
    known = verdict(statements, profile.client, surface=profile.surface, version=profile.release, flags=flags)
    notes = [n.id for n in kb.notes_about_feature(feature.id) if profile.client_id in n.clients]
    if known.state != "unknown":
        if declared is True and known.state == "no":
            basis = "declared, but known not to work"
        elif declared is False and known.state in ("yes", "partial"):
            basis = "not declared, but known to work"
        else:
            basis = "knowledge base"
        return Support(known.state, evidence=known.evidence_ids, declared=declared, basis=basis, notes=notes)
    if declared is True:
        return Support("yes", evidence=[], declared=True, basis="declared (no evidence about this client)", notes=notes)
    if declared is False:
        return Support("no", evidence=[], declared=False, basis="not declared", notes=notes)
    return Support("unknown", evidence=[], declared=None, basis="no declaration and no evidence", notes=notes)
