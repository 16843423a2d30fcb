"""`canimcp probe rejudge`: stored reports judged again from their messages, on a real report of the bundled
knowledge base (a Claude Code session)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from canimcp.kb.loader import bundled_data_dir
from canimcp.model import ProbeReport
from canimcp.model.probe import STARTED_OVER
from canimcp.probe.rejudge import rejudged

REPORT = "claude-code/claude-code-2.1.332-stdio-session-0.json"


def rejudge(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "canimcp", "probe", "rejudge", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def test_an_old_reading_is_reported_then_rewritten_leaving_the_rest_of_the_file(tmp_path: Path) -> None:
    bundled = bundled_data_dir() / "probes" / REPORT
    copy = tmp_path / "reports" / "claude-code" / bundled.name
    copy.parent.mkdir(parents=True)
    data = json.loads(bundled.read_text())
    today = data["features"]["prompts.listChanged"]["observed"]
    data["features"]["prompts.listChanged"] = {"declared": False, "observed": "declared-but-failed", "evidence": [9]}
    copy.write_text(json.dumps(data, indent=1, ensure_ascii=False))
    old_text = copy.read_text()

    done = rejudge(str(tmp_path / "reports"))
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [f"{copy}:", f"  prompts.listChanged: declared-but-failed → {today}"]
    assert "1 report(s), 1 would change" in done.stderr and copy.read_text() == old_text

    done = rejudge(str(copy), "--write")
    assert done.returncode == 0 and "1 rewritten" in done.stderr
    assert copy.read_bytes() == bundled.read_bytes()  # the messages and everything else as they were
    done = rejudge(str(copy))
    assert done.returncode == 0 and done.stdout == "" and "all current" in done.stderr


def test_the_bundled_reports_are_current_and_a_stray_file_is_a_usage_error(tmp_path: Path) -> None:
    done = rejudge()
    assert done.returncode == 0 and "all current" in done.stderr, done.stdout
    stray = tmp_path / "notes.json"
    stray.write_text('{"title": "not a report"}')
    shutil.copy(bundled_data_dir() / "probes" / REPORT, tmp_path / "report.json")
    done = rejudge(str(tmp_path))
    assert done.returncode == 2 and done.stderr.startswith(f"error: {stray}: not a probe report")
    assert "Traceback" not in done.stderr
    done = rejudge("--data", str(tmp_path / "nowhere"))
    assert done.returncode == 2 and done.stderr == f"error: no such file or folder: {tmp_path / 'nowhere' / 'probes'}\n"


def test_a_run_that_started_over_in_another_is_judged_as_when_it_was_recorded() -> None:
    """Microsoft Agent Framework, its session forgotten, asks server/discover, is refused, and starts over in the
    run of the forgotten session: its discover's run closes saying so, and that reason is read again."""
    path = (
        bundled_data_dir()
        / "probes"
        / "agent-framework"
        / "agent-framework-1.26.0-http-handshake-expiry-session-1.json"
    )
    report = ProbeReport.model_validate_json(path.read_text())
    assert report.close_reason == STARTED_OVER
    fallback = rejudged(report)["stateless.fallback"]
    assert (fallback.observed, (fallback.detail or {}).get("outcome")) == ("not-exercised", STARTED_OVER)
    assert fallback == report.features["stateless.fallback"]


def test_judging_needs_no_server_packages() -> None:
    """`canimcp check` runs KB019 inside the wheel build hook, where only the build requirements are installed."""
    code = (
        "import json, sys, canimcp.kb.rules.kb019_verdicts_current, canimcp.probe.rejudge; "
        "print(json.dumps(list(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    loaded = {name.split(".")[0] for name in json.loads(done.stdout)}
    assert "canimcp" in loaded and "pydantic" in loaded  # the check itself ran
    assert not loaded & {"starlette", "uvicorn", "anyio", "httpx", "mcp", "psycopg"}


def test_a_report_the_harness_stores_reads_back_as_itself(tmp_path: Path) -> None:
    """`probe run --db` copies its reports into the run store; `probe show` must read them back as they were."""
    import asyncio

    from canimcp.harness.sweep import store_reports
    from canimcp.model import ProbeReport
    from canimcp.probe.report import build_report
    from canimcp.store import open_store

    bundled = bundled_data_dir() / "probes" / "mastra" / "mastra-2.0.0-http-session-0.json"
    report = ProbeReport.model_validate_json(bundled.read_text())
    db = f"sqlite:///{tmp_path / 'runs.sqlite3'}"

    async def stored() -> ProbeReport:
        await store_reports(db, [report])
        store = open_store(db)
        await store.open()
        try:
            found = await store.get_run(str(getattr(report, "run", None) or report.id))
        finally:
            await store.close()
        assert found is not None
        return build_report(*found)

    again = asyncio.run(stored())
    assert again.features == report.features and again.negotiated_version == report.negotiated_version
    # HTTP methods and statuses travel with the messages (the Streamable HTTP verdicts are read from them)
    assert [m.http for m in again.messages] == [m.http for m in report.messages]
    assert any(m.http for m in again.messages)
