"""Benchmark: `detect` on a 500-client knowledge base, against a bare dict lookup by clientInfo name
(the model of the apify package: a table of client names), plus `import canimcp` and `load_kb()` times.

    python bench/bench_detect.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

from canimcp.detect import detect
from canimcp.kb import bundled_data_dir
from canimcp.kb.index import compile_index, load_index
from canimcp.model import Client, ClientInfoName, Evidence, Feature, KnowledgeBase, RevisionLink, Statement, SupportFile

CLIENTS, FEATURES = 500, 150


def synthetic_kb() -> KnowledgeBase:
    features = {
        f"feature{i}": Feature(id=f"feature{i}", title=f"Feature {i}", description="x", declaredAs=f"feature{i}",
                               added=RevisionLink(revision="2025-11-25"))
        for i in range(FEATURES)
    }  # fmt: skip
    clients, support = {}, {}
    evidence = [Evidence(note="n")]
    for c in range(CLIENTS):
        cid = f"client-{c}"
        infos = [
            ClientInfoName(name=f"client-{c}-mcp", mode="session"),
            ClientInfoName(name=f"client-{c}-check", mode="health"),
        ]
        clients[cid] = Client(id=cid, title=f"Client {c}", clientInfo=infos)
        table = {
            f"feature{i}": [Statement(state="yes" if (c + i) % 3 else "no", evidence=evidence)] for i in range(FEATURES)
        }
        support[cid] = SupportFile(client=cid, support=table)
    return KnowledgeBase(root=Path("."), features=features, clients=clients, support=support)


def per_call(fn, number: int) -> float:  # type: ignore[no-untyped-def]
    runs = [timeit.timeit(fn, number=number) / number for _ in range(7)]
    return statistics.median(runs)


def main() -> None:
    kb = synthetic_kb()
    params = [{"protocolVersion": "2025-11-25", "clientInfo": {"name": f"client-{c}-mcp", "version": "1.0.0"},
               "capabilities": {"feature1": {}}} for c in range(CLIENTS)]  # fmt: skip
    start = time.perf_counter()
    detect(params[0], kb=kb)
    cold = time.perf_counter() - start  # builds the name index for this knowledge base
    one = params[250]
    warm = per_call(lambda: detect(one, kb=kb), 100_000)
    rotating = iter(params * 400)
    spread = per_call(lambda: detect(next(rotating), kb=kb), 25_000)
    table = {f"client-{c}-mcp": f"client-{c}" for c in range(CLIENTS)}
    bare = per_call(lambda: table.get(one["clientInfo"]["name"]), 100_000)  # type: ignore[index]
    profile = detect(one, kb=kb)
    profile.support("feature3")  # the first ask of a process imports the verdict code: leave that out
    start = time.perf_counter()
    profile.support("feature7")
    support_cold = time.perf_counter() - start
    support_warm = per_call(lambda: profile.support("feature7"), 100_000)

    imports = []
    for _ in range(5):
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import canimcp"], capture_output=True, text=True
        )
        total = [line for line in done.stderr.splitlines() if line.rstrip().endswith("| canimcp")]
        imports.append(int(total[-1].split("|")[1]) / 1e6)
    with tempfile.TemporaryDirectory() as tmp:
        index = Path(tmp) / "index.json"
        compile_index(bundled_data_dir(), index)
        load_bundled = per_call(lambda: load_index(index, Path(tmp)), 20)
        big = Path(tmp) / "big.json"
        big.write_text(kb.model_dump_json(by_alias=True, exclude={"root"}))
        load_big = per_call(lambda: load_index(big, Path(tmp)), 3)

    print(f"knowledge base: {CLIENTS} clients x {FEATURES} features (synthetic)")
    print(f"detect, first call (builds the name index): {cold * 1e3:.2f} ms")
    print(f"detect, same client again (warm): median {warm * 1e6:.2f} us")
    print(f"detect, rotating over all {CLIENTS} clients: median {spread * 1e6:.2f} us")
    print(f"bare dict lookup by clientInfo name (peer): median {bare * 1e6:.3f} us")
    print(f"ratio detect/dict (warm): {warm / bare:.1f}x")
    print(f"profile.support(feature): first ask {support_cold * 1e6:.1f} us, then {support_warm * 1e6:.2f} us")
    print(f"import canimcp: median {statistics.median(imports) * 1e3:.1f} ms (python -X importtime, self+children)")
    print(f"load_kb() from the pre-compiled index, bundled data: median {load_bundled * 1e3:.1f} ms")
    print(f"load_kb() from an index of the synthetic {CLIENTS}-client knowledge base: median {load_big * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
