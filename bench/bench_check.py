"""Benchmark: `canimcp check` over the bundled knowledge base, against yamllint over the same files.

yamllint is the named peer: it parses every YAML document and front matter block and applies style
rules, but knows nothing of the schema or the cross-references, so it is a floor for "read and lint
these files". Both run as fresh processes, as a user runs them, best of N. `canimcp check` is timed without its
cache of probe-report judgements (cold: every report judged again, as on a first check or after the judging code
changed) and with it (warm: filled by one check before, as on every later check of data whose reports did not change).

    python bench/bench_check.py [--runs 7]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from canimcp.kb import Options, bundled_data_dir, check_kb, read_kb
from canimcp.kb.checkcache import CACHE_ENV, FILE_NAME, CheckCache
from canimcp.kb.collector import gc_paused


def timed(cmd: list[str], runs: int, ok: tuple[int, ...] = (0,), cache: str = "off") -> list[float]:
    """Wall times of `cmd` as fresh processes; a run that exits with another code than `ok` stops the benchmark
    (a peer that is not installed would otherwise be timed failing at once). `cache`: the check's cache folder."""
    times = []
    env = {**os.environ, CACHE_ENV: cache}
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, check=False, env=env)
        times.append(time.perf_counter() - start)
        if done.returncode not in ok:
            raise SystemExit(f"{' '.join(cmd[:4])} exited with {done.returncode}:\n{done.stderr.decode()[-2000:]}")
    return times


def yaml_view(data: Path, into: Path) -> Path:
    """The YAML of every data file (front matter split out of .md), for yamllint to read."""
    for path in data.rglob("*"):
        if path.suffix == ".yaml":
            target = into / path.relative_to(data)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        elif path.suffix == ".md":
            target = (into / path.relative_to(data)).with_suffix(".yaml")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(path.read_text(encoding="utf-8").split("---\n")[1], encoding="utf-8")
    return into


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    if importlib.util.find_spec("yamllint") is None:
        raise SystemExit("the peer, yamllint, is not installed (pip install -e '.[test]' brings it)")
    data = bundled_data_dir()
    files = sum(1 for p in data.rglob("*") if p.is_file())

    cache = tempfile.mkdtemp(prefix="bench-check-cache-")
    in_process: dict[str, list[float]] = {"off": [], cache: []}
    for setting, times in in_process.items():
        os.environ[CACHE_ENV] = setting
        check_kb(data, Options())  # fills the cache (warm); cold, a first run like the others
        for _ in range(args.runs):
            start = time.perf_counter()
            check_kb(data, Options())
            times.append(time.perf_counter() - start)
    os.environ[CACHE_ENV] = "off"
    load: list[float] = []
    load_warm: list[float] = []
    for _ in range(args.runs):
        for times, memo in ((load, None), (load_warm, Path(cache) / FILE_NAME)):
            start = time.perf_counter()
            with gc_paused():  # as check_kb loads
                read_kb(data, memo=CheckCache(memo) if memo else None)
            times.append(time.perf_counter() - start)

    command = [sys.executable, "-m", "canimcp", "check", "--data", str(data)]
    cold, warm = timed(command, args.runs), timed(command, args.runs, cache=cache)
    shutil.rmtree(cache)
    with tempfile.TemporaryDirectory() as tmp:
        view = yaml_view(data, Path(tmp))
        # yamllint exits 1 when it finds an error-level problem, which is still a whole run over the files
        peer = timed([sys.executable, "-m", "yamllint", "-d", "relaxed", str(view)], args.runs, ok=(0, 1))

    def ms(values: list[float]) -> str:
        return f"median {statistics.median(values) * 1000:.1f} ms, best {min(values) * 1000:.1f} ms"

    print(f"files in data/: {files}")
    print(f"check_kb() in process: cold {ms(in_process['off'])}; warm {ms(in_process[cache])}")
    print(f"loading alone: {ms(load)}; as a warm check loads (reports known to validate left unread): {ms(load_warm)}")
    print(f"canimcp check, whole process: cold {ms(cold)}; warm {ms(warm)}")
    print(f"yamllint (peer), whole process: {ms(peer)}")
    for name, ours in (("cold", cold), ("warm", warm)):
        print(f"ratio canimcp/yamllint (median), {name}: {statistics.median(ours) / statistics.median(peer):.2f}")


if __name__ == "__main__":
    main()
