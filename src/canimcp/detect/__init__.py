"""Runtime detection for MCP servers: who is this client, and what does it really support?

    profile = detect(initialize_params, headers=None, kb=None)
    profile.client_id, profile.version, profile.surface
    profile.support("elicitation.form")   # "yes" | "partial" | "no" | "unknown", with .evidence

Works from an `initialize` request's params, or from a 2026-07-28 request's params / `_meta`.
Never raises on what a client sent: odd input yields a profile with `malformed` set.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .profile import ClientProfile, Support

if TYPE_CHECKING:
    from ..model import Client, ClientInfoMark, ClientInfoName, KnowledgeBase

__all__ = ["ClientProfile", "Support", "detect"]

META = "io.modelcontextprotocol/"
MAX_NAME = 256
# name -> (entry, its mark, client id) of the entries told apart from another client's by a mark
Marked = dict[str, list[tuple["ClientInfoName", "ClientInfoMark", str]]]
_index_cache: dict[int, tuple[KnowledgeBase, dict[str, ClientInfoName], dict[str, str], list[str], Marked]] = {}
_default_kb: list[KnowledgeBase] = []


def _kb(kb: KnowledgeBase | None) -> KnowledgeBase:
    if kb is not None:
        return kb
    if not _default_kb:
        from ..kb import load_kb

        _default_kb.append(load_kb())
    return _default_kb[0]


def _index(kb: KnowledgeBase) -> tuple[dict[str, ClientInfoName], dict[str, str], list[str], Marked]:
    """clientInfo name -> its entry (sessions first), name -> client id, the name prefixes (longest first), and the
    entries whose name another client sends too, told apart by a clientInfo mark; built once per knowledge base."""
    hit = _index_cache.get(id(kb))
    if hit is not None and hit[0] is kb:
        return hit[1], hit[2], hit[3], hit[4]
    entries: dict[str, ClientInfoName] = {}
    owners: dict[str, str] = {}
    marked: Marked = {}
    for client in kb.clients.values():
        ranked = sorted(client.client_info, key=lambda c: {"session": 0, "any": 1}.get(c.mode, 2))
        for info in ranked:
            if not info.identifies:
                continue
            if info.told_by is not None:  # the name alone stays with the other client that sends it
                marked.setdefault(info.name.lower(), []).append((info, info.told_by, client.id))
                continue
            entries.setdefault(info.name.lower(), info)
            owners.setdefault(info.name.lower(), client.id)
        for name in (client.id, *client.aliases):
            owners.setdefault(name.lower(), client.id)
    prefixes = sorted((n for c in kb.clients.values() for i in c.client_info if i.name_is_prefix
                       for n in [i.name.lower()]), key=len, reverse=True)  # fmt: skip
    _index_cache[id(kb)] = (kb, entries, owners, prefixes, marked)
    return entries, owners, prefixes, marked


def _stateless(params: Mapping[str, Any]) -> Mapping[str, Any] | None:
    meta = params.get("_meta", params)
    if isinstance(meta, Mapping) and any(isinstance(k, str) and k.startswith(META) for k in meta):
        return meta
    return None


def detect(
    initialize_params: Any, headers: Mapping[str, str] | None = None, kb: KnowledgeBase | None = None
) -> ClientProfile:
    """A profile of the connecting client. `headers` (HTTP) help when clientInfo is missing or odd."""
    base = _kb(kb)
    profile = ClientProfile(base)
    if not isinstance(initialize_params, Mapping):
        profile.problem(f"params is {type(initialize_params).__name__}, not an object")
        initialize_params = {}
    if "clientInfo" in initialize_params or "_meta" not in initialize_params:
        meta = None if "clientInfo" in initialize_params else _stateless(initialize_params)
    else:
        meta = _stateless(initialize_params)
    if meta is not None:
        profile.era = "stateless"
        info, caps = meta.get(META + "clientInfo"), meta.get(META + "clientCapabilities")
        revision = meta.get(META + "protocolVersion")
    else:
        info = initialize_params.get("clientInfo")
        caps, revision = initialize_params.get("capabilities"), initialize_params.get("protocolVersion")
    if isinstance(caps, Mapping):
        profile.capabilities = caps
    elif caps is not None:
        profile.problem("capabilities is not an object")
    if isinstance(revision, str) and len(revision) <= 32:
        profile.revision = revision
    elif revision is not None:
        profile.problem("protocolVersion is not a short string")
    if isinstance(info, Mapping):
        profile.client_info = info
        name, version = info.get("name"), info.get("version")
        if isinstance(name, str) and len(name) <= MAX_NAME:
            profile.name = name
        elif name is not None:
            profile.problem("clientInfo.name is not a string of at most 256 characters")
        if isinstance(version, str) and len(version) <= MAX_NAME:
            profile.version = version
    elif info is not None:
        profile.problem("clientInfo is not an object")
    elif meta is None:
        profile.problem("no clientInfo")
    if headers:
        profile.user_agent = next((v for k, v in headers.items() if k.lower() == "user-agent"), None)
    _identify(profile, base)
    return profile


def _identify(profile: ClientProfile, kb: KnowledgeBase) -> None:
    entries, owners, prefixes, marked = _index(kb)
    key = profile.name.lower() if profile.name else None
    for info, mark, client_id in marked.get(key, []) if key is not None else []:  # a name another client sends too
        value = (profile.client_info or {}).get(mark.field)
        if isinstance(value, str) and mark.contains in value:
            _found(profile, kb.clients[client_id], info)
            return
    if key is not None and key not in owners:
        key = next((p for p in prefixes if key.startswith(p)), key)
    if key is None or key not in owners:
        key = _from_user_agent(profile.user_agent, owners)
    if key is None or key not in owners:
        profile.release = profile.version
        return
    _found(profile, kb.clients[owners[key]], entries.get(key))


def _found(profile: ClientProfile, client: Client, entry: ClientInfoName | None) -> None:
    profile.client, profile.client_id = client, client.id
    if entry is not None:
        profile.surface, profile.mode = entry.surface, entry.mode
    # a constant version, or one that is never a release (n8n's node type versions), says nothing of the release
    names_no_release = entry is not None and (entry.version_names_no_release or profile.version == entry.fixed_version)
    profile.release = None if names_no_release else profile.version


def _from_user_agent(user_agent: str | None, owners: Mapping[str, str]) -> str | None:
    """`codex-mcp-client/0.171.0 (...)` -> `codex-mcp-client`, when that names a known client."""
    if not user_agent or len(user_agent) > 1024:
        return None
    for token in user_agent.replace("(", " ").split():
        name = token.split("/", 1)[0].lower()
        if name in owners:
            return name
    return None
