"""Probe runs as evidence: derived statements, the review list, drift between versions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from canimcp import load_kb
from canimcp.kb.verdict import verdict
from canimcp.model import FeatureResult, HarnessInfo, ProbeReport, WireMessage
from canimcp.probe.rejudge import rejudged

from minikb import MiniKB


def report(
    version: str, caps: dict[str, object], observed: dict[str, str], transport: str = "stdio", auth: bool = False,
    eras: str = "both", mode: str = "session", surface: str | None = None,
) -> ProbeReport:  # fmt: skip
    return ProbeReport(
        id=f"alpha-{version}-{transport}{'-auth' * auth}{'' if eras == 'both' else '-' + eras}-{mode}-0",
        started="2026-11-30T00:00:00Z",
        ended="2026-11-30T00:00:05Z",
        transport=transport,
        era="handshake",
        protocolVersion="2025-11-25",
        clientInfo={"name": "alpha-mcp-client", "version": version},
        capabilities=caps,
        features={k: FeatureResult(declared=k in caps, observed=v, evidence=[0]) for k, v in observed.items()},  # type: ignore[arg-type]
        harness=HarnessInfo(
            client="alpha",
            package="npm:alpha-agent",
            version=version,
            mode=mode,  # type: ignore[arg-type]
            recipe="alpha",
            auth=auth,
            eras=eras,  # type: ignore[arg-type]
            surface=surface,
        ),
    )


def write(folder: Path, *reports: ProbeReport) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for r in reports:
        (folder / f"{r.id}.json").write_text(r.model_dump_json(by_alias=True))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "canimcp", *args], capture_output=True, text=True, timeout=60)


def drift(folder: Path, *reports: ProbeReport) -> list[str]:
    """`canimcp probe diff alpha 2.0.0 2.1.0` over these reports: its lines, sorted."""
    write(folder / "alpha", *reports)
    done = run("probe", "diff", "alpha", "2.0.0", "2.1.0", "--out", str(folder))
    assert done.returncode == 0, done.stderr
    return sorted(done.stdout.splitlines())


def test_runs_fill_in_where_nothing_was_written_and_never_overwrite(mini: MiniKB) -> None:
    old = report("1.0.0", {}, {"roots": "undeclared-but-works", "elicitation": "supported"})
    new = report("2.0.0", {"elicitation": {}}, {"roots": "unsupported", "elicitation": "supported"})
    write(mini.root / "probes" / "alpha", old, new)
    kb = load_kb(mini.root)
    # roots has a hand-written "yes": it stands, the run goes to the review list instead
    assert [s.state for s in kb.statements("alpha", "roots")] == ["yes"]
    # elicitation had only "unknown" written... which is a written statement: it stands too
    assert kb.statements("alpha", "elicitation")[0].state == "unknown"
    mini.edit("support/alpha.yaml", "  elicitation:\n    - state: unknown\n", "")
    kb = load_kb(mini.root)
    derived = kb.statements("alpha", "elicitation")
    assert len(derived) == 1 and derived[0].since == "2.0.0" and derived[0].observed is True
    assert derived[0].evidence[0].probe == new.id  # only the newest version's runs count
    assert verdict(derived, kb.clients["alpha"]).state == "yes"


def test_a_run_speaks_for_the_surface_it_ran(mini: MiniKB) -> None:
    # two surfaces send the same clientInfo name: the REPL (listed first) and a print mode; plus a status command
    mini.edit(
        "clients/alpha.md",
        "surfaces:\n  - id: runtime\n    title: Agent runtime\n",
        "surfaces:\n  - id: runtime\n    title: Agent runtime\n  - id: print\n    title: Print mode\n"
        "  - id: status\n    title: Status command\n",
    )
    mini.edit(
        "clients/alpha.md",
        "clientInfo:\n",
        "clientInfo:\n  - name: alpha-mcp-client\n    surface: status\n    mode: health\n"
        "    notes: the status command\n",
    )
    mini.edit("clients/alpha.md", "    mode: session\n    evidence:", "    mode: any\n    evidence:")
    runs = [
        report("2.0.0", {}, {"ping": "supported"}, surface="print"),  # the recipe says which surface it ran
        report("2.0.0", {}, {"ping": "unsupported"}, transport="sse"),  # nothing said: the name's first surface
        report("2.0.0", {}, {"ping": "supported"}, mode="health"),  # the name's surface for that mode
    ]
    write(mini.root / "probes" / "alpha", *runs)
    derived = {s.evidence[0].probe: s.surface for s in load_kb(mini.root).observed["alpha"]["ping"]}
    assert derived == {runs[0].id: "print", runs[1].id: "runtime", runs[2].id: "status"}


def test_review_lists_disagreements(mini: MiniKB) -> None:
    # a run whose messages show the verdict, so that the knowledge base stays clean (KB019 judges them again)
    refused = report("1.5.0", {}, {})
    sent = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-11-25",
         "capabilities": {}, "clientInfo": {"name": "alpha-mcp-client", "version": "1.5.0"}}},
        {"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2025-11-25", "capabilities": {},
         "serverInfo": {"name": "canimcp-probe", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 1, "method": "roots/list"},
        {"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}},
    ]  # fmt: skip
    refused.messages = [
        WireMessage(t=n / 10, direction="out" if n in (1, 3) else "in", raw=json.dumps(m)) for n, m in enumerate(sent)
    ]
    refused.features = rejudged(refused)
    assert refused.features["roots"].observed == "unsupported"
    write(mini.root / "probes" / "alpha", refused)
    done = run("probe", "review", "--data", str(mini.root), "--format", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [
        {
            "client": "alpha",
            "feature": "roots",
            "written": "yes",
            "observed": "no",
            "probes": ["alpha-1.5.0-stdio-session-0"],
            "surface": "runtime",  # the surface whose clientInfo name the run saw
            "answered": [],  # an error: nothing more to say than the verdict
        }
    ]
    assert run("check", "--data", str(mini.root), "--today", "2026-11-30").returncode == 0


def test_diff_between_versions(tmp_path: Path) -> None:
    write(tmp_path / "alpha", report("1.0.0", {"roots": {}, "sampling": {"tools": {}}}, {"ping": "unsupported"}),
          report("1.2.0", {"roots": {"listChanged": True}, "elicitation": {}, "sampling": {}},
                 {"ping": "supported"}))  # fmt: skip
    done = run("probe", "diff", "alpha", "1.0.0", "1.2.0", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "stdio session: capabilities + elicitation" in lines
    assert "stdio session: capabilities + roots.listChanged" in lines
    assert "stdio session: capabilities - roots" not in lines, "roots is still declared, with a key more"
    assert "stdio session: capabilities - sampling.tools" in lines
    assert "stdio session: ping: unsupported -> supported" in lines
    assert run("probe", "diff", "alpha", "1.0.0", "9.9.9", "--out", str(tmp_path)).returncode == 2


def test_a_run_that_signed_in_says_so_and_is_compared_only_with_its_like(mini: MiniKB, tmp_path: Path) -> None:
    plain = report("2.0.0", {}, {"ping": "supported"}, transport="streamable-http")
    signed_in = report("2.0.0", {}, {"ping": "supported", "auth.oauth": "supported"}, "streamable-http", auth=True)
    write(mini.root / "probes" / "alpha", plain, signed_in)
    kb = load_kb(mini.root)
    (oauth,) = kb.statements("alpha", "auth.oauth")
    assert oauth.state == "yes" and oauth.evidence[0].probe == "alpha-2.0.0-streamable-http-auth-session-0"
    assert "(streamable-http, OAuth required, session, 2026-11-30)" in (oauth.notes or "")
    assert {"OAuth required" in (s.notes or "") for s in kb.statements("alpha", "ping")} == {True, False}
    # drift pairs a signed-in run with the signed-in run of the other version, never with a plain one
    later_plain = report("2.1.0", {}, {"ping": "unsupported"}, transport="streamable-http")
    later_signed_in = report("2.1.0", {}, {"ping": "supported", "auth.oauth": "unsupported"}, "streamable-http", True)
    assert drift(tmp_path, plain, signed_in, later_plain, later_signed_in) == [
        "streamable-http session: ping: supported -> unsupported",
        "streamable-http with OAuth session: auth.oauth: supported -> unsupported",
    ]


def test_a_run_offered_one_era_says_so_and_is_compared_only_with_its_like(mini: MiniKB, tmp_path: Path) -> None:
    either = report("2.0.0", {"sampling": {}}, {"sampling": "declared-but-failed"})
    handshake = report("2.0.0", {"sampling": {}}, {"sampling": "supported"}, eras="handshake")
    write(mini.root / "probes" / "alpha", either, handshake)
    kb = load_kb(mini.root)
    by_run = {s.evidence[0].probe: s for s in kb.statements("alpha", "sampling")}
    assert by_run["alpha-2.0.0-stdio-handshake-session-0"].state == "yes"
    assert "(stdio, handshake era only, session, 2026-11-30)" in (by_run[handshake.id].notes or "")
    assert by_run["alpha-2.0.0-stdio-session-0"].state == "no"
    assert "era only" not in (by_run[either.id].notes or "")
    later = report("2.1.0", {"sampling": {}}, {"sampling": "supported"})
    later_handshake = report("2.1.0", {"sampling": {}}, {"sampling": "unsupported"}, eras="handshake")
    assert drift(tmp_path, either, handshake, later, later_handshake) == [
        "stdio session: sampling: declared-but-failed -> supported",
        "stdio, handshake era only session: sampling: supported -> unsupported",
    ]


def test_the_feed_compares_only_what_both_versions_ran() -> None:
    from canimcp.harness.drift import diff_versions

    older = [report("3.0.0", {}, {"ping": "supported"}), report("3.0.0", {}, {}, transport="streamable-http")]
    newer = [report("3.1.0", {"roots": {}}, {"ping": "supported"})]
    assert diff_versions([*older, *newer], "3.0.0", "3.1.0") == [
        "stdio session: capabilities + roots",
        "streamable-http session: only in 3.0.0",
    ]
    assert diff_versions([*older, *newer], "3.0.0", "3.1.0", common_only=True) == [
        "stdio session: capabilities + roots"
    ]


def test_each_version_is_compared_with_the_one_before_it_newest_first() -> None:
    """1.10.0 follows 1.9.0 (not 1.1.0); a step with nothing changed is listed with no change; a version whose
    only run never initialized is skipped rather than compared; two versions with no run of the same kind have
    nothing to compare (None), which is not "no change"."""
    from canimcp.harness.drift import version_steps

    runs = [
        report("1.1.0", {}, {"ping": "supported"}),
        report("1.9.0", {}, {"ping": "supported"}),
        report("1.10.0", {"roots": {}}, {"ping": "unsupported"}),
        report("1.11.0", {"roots": {}}, {"ping": "unsupported"}),
    ]
    silent = report("1.12.0", {}, {}).model_copy(update={"client_info": None})
    elsewhere = report("1.13.0", {}, {}, transport="streamable-http")  # no stdio run: nothing in common with 1.11.0
    assert version_steps([*runs, silent, elsewhere]) == [
        ("1.11.0", "1.13.0", None),
        ("1.10.0", "1.11.0", []),
        ("1.9.0", "1.10.0", ["stdio session: capabilities + roots", "stdio session: ping: supported -> unsupported"]),
        ("1.1.0", "1.9.0", []),
    ]


def test_review_says_what_the_client_answered_where_the_verdict_hides_it() -> None:
    """Codex's exec declines every elicitation: the probe says yes (a decline is an answer), the statements say
    partial, and the review line says why the two differ."""
    from canimcp.harness.evidence import disagreements

    found = {(d.client, d.feature): d for d in disagreements(load_kb())}
    elicitation = found[("codex", "elicitation")]
    assert (elicitation.written, elicitation.observed, elicitation.answered) == ("partial", "yes", ("decline",))
    assert str(elicitation).endswith("; the client answered with decline")
    assert found[("codex", "roots")].answered == ("an empty roots list",)


def test_a_run_with_oauth_required_is_held_against_the_sign_in_it_turned_on() -> None:
    """The Python SDK signs in only with the OAuthClientProvider the app passes: written as a default "no" and a "yes"
    under that argument. Its run with OAuth required passed the provider, so the review holds it against the "yes";
    a client ID metadata document is another argument, which that run did not pass, so its "no" is held against the
    default."""
    from canimcp.harness.evidence import disagreements

    kb = load_kb()
    oauth = kb.support["python-sdk"].support["auth.oauth"]
    assert [s.state for s in oauth] == ["no", "yes"] and oauth[1].condition and oauth[1].condition.flag
    assert verdict(kb.observed["python-sdk"]["auth.oauth"], None).state == "yes"
    assert verdict(kb.observed["python-sdk"]["auth.client-id-metadata"], None).state == "no"
    found = {(d.client, d.feature) for d in disagreements(kb)}
    assert ("python-sdk", "auth.oauth") not in found
    assert ("python-sdk", "auth.client-id-metadata") not in found
    assert ("fastmcp", "auth.client-id-metadata") not in found
