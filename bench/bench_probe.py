"""Benchmark: the probe's Streamable HTTP endpoint against the official Python SDK's own Streamable HTTP server.

One handshake session = POST initialize, POST notifications/initialized, POST tools/list, DELETE. 64 concurrent
clients (each a keep-alive connection, speaking raw HTTP/1.1 so that the load generator costs little) run
sessions for a fixed time against each server in turn; both servers are single uvicorn processes on loopback,
the probe with its default SQLite store writing every message. Then each server holds 1,000 idle sessions:
RSS growth per session, and a ping through every one of them to show they are all alive.

    python bench/bench_probe.py [--seconds 10] [--clients 64] [--sessions 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}},
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Connection:
    """A keep-alive HTTP/1.1 connection: just enough HTTP for these four requests (length or chunked bodies)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, body: Any = None, session: str | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        data = json.dumps(body).encode() if body is not None else b""
        head = [
            f"{method} /mcp HTTP/1.1",
            f"host: 127.0.0.1:{self.port}",
            "accept: application/json, text/event-stream",
            "content-type: application/json",
            f"content-length: {len(data)}",
        ]
        if session:
            head += [f"mcp-session-id: {session}", "mcp-protocol-version: 2025-11-25"]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            key, _, value = line.decode().partition(":")
            headers[key.strip().lower()] = value.strip()
        if headers.get("transfer-encoding") == "chunked":
            chunks = []
            while True:
                size = int((await self.reader.readline()).strip(), 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                chunks.append(chunk[:-2])
            payload = b"".join(chunks)
        else:
            payload = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection") == "close":
            self.writer.close()
            self.writer = None
        return status, headers, payload

    async def open_session(self) -> str:
        status, headers, payload = await self.request("POST", INIT)
        assert status == 200 and b"protocolVersion" in payload, (status, payload[:200])
        session = headers["mcp-session-id"]
        status, _, _ = await self.request("POST", {"jsonrpc": "2.0", "method": "notifications/initialized"}, session)
        assert status == 202, status
        return session

    async def handshake(self) -> None:
        session = await self.open_session()
        status, _, payload = await self.request("POST", {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, session)
        assert status == 200 and b'"tools"' in payload, (status, payload[:200])
        status, _, _ = await self.request("DELETE", None, session)
        assert status in (200, 204), status


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


class Server:
    def __init__(self, name: str, argv: list[str], port: int) -> None:
        self.name, self.argv, self.port = name, argv, port
        self.proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Server:
        self.proc = subprocess.Popen(self.argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"{self.name} did not start")

    def __exit__(self, *exc: object) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


async def throughput(port: int, clients: int, seconds: float) -> dict[str, float]:
    latencies: list[float] = []
    stop = time.monotonic() + seconds

    async def worker() -> None:
        conn = Connection(port)
        while time.monotonic() < stop:
            start = time.perf_counter()
            await conn.handshake()
            latencies.append(time.perf_counter() - start)

    await asyncio.gather(*(worker() for _ in range(4)))  # warm up: imports, first connections
    latencies.clear()
    stop = time.monotonic() + seconds
    started = time.monotonic()
    await asyncio.gather(*(worker() for _ in range(clients)))
    elapsed = time.monotonic() - started
    quantiles = statistics.quantiles(latencies, n=100)
    return {
        "sessions": len(latencies),
        "per_second": len(latencies) / elapsed,
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": quantiles[98] * 1000,
    }


async def held(port: int, pid: int, sessions: int, clients: int) -> dict[str, float]:
    """Open `sessions` idle sessions; RSS growth per session; then one ping through each (all must answer)."""
    conns = [Connection(port) for _ in range(clients)]
    for conn in conns:  # warm up, so the baseline includes what the first sessions allocate once
        await conn.handshake()
    await asyncio.sleep(0.5)
    before = rss_kib(pid)
    ids: list[str] = []

    async def opener(conn: Connection, count: int) -> None:
        for _ in range(count):
            ids.append(await conn.open_session())

    share = [sessions // clients + (1 if n < sessions % clients else 0) for n in range(clients)]
    await asyncio.gather(*(opener(conn, n) for conn, n in zip(conns, share, strict=True)))
    await asyncio.sleep(1.0)
    after = rss_kib(pid)
    alive = 0

    async def pinger(conn: Connection, mine: list[str]) -> None:
        nonlocal alive
        for session in mine:
            status, _, payload = await conn.request("POST", {"jsonrpc": "2.0", "id": 9, "method": "ping"}, session)
            alive += status == 200 and b'"result"' in payload

    await asyncio.gather(*(pinger(conn, ids[n::clients]) for n, conn in enumerate(conns)))
    await asyncio.gather(*(closer(conn, ids[n::clients]) for n, conn in enumerate(conns)))
    return {
        "sessions": len(ids),
        "alive": alive,
        "rss_before_kib": before,
        "per_session_kib": (after - before) / len(ids),
    }


async def closer(conn: Connection, mine: list[str]) -> None:
    for session in mine:
        await conn.request("DELETE", None, session)


def run(name: str, argv: list[str], port: int, args: argparse.Namespace) -> dict[str, Any]:
    with Server(name, argv, port) as server:
        assert server.proc is not None
        result: dict[str, Any] = {"server": name}
        result["throughput"] = asyncio.run(throughput(port, args.clients, args.seconds))
        result["held"] = asyncio.run(held(port, server.proc.pid, args.sessions, args.clients))
        return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3, help="servers alternate; medians are reported")
    args = parser.parse_args()
    runners: list[tuple[str, list[str]]] = [
        ("canimcp probe (SQLite store)", [sys.executable, "-m", "canimcp", "probe", "serve", "--port", "PORT"]),
        ("mcp SDK MCPServer (SSE responses, its default)", [sys.executable, str(HERE / "bench_probe_peer.py"), "PORT"]),
        (
            "mcp SDK MCPServer (json_response=True)",
            [sys.executable, str(HERE / "bench_probe_peer.py"), "PORT", "--json"],
        ),
    ]
    results: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in runners}
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(args.rounds):
            for name, template in runners:
                port = free_port()
                argv = [str(port) if a == "PORT" else a for a in template]
                if "canimcp" in argv:
                    argv += ["--db", f"sqlite:///{tmp}/bench-{round_}.db"]
                results[name].append(run(name, argv, port, args))
                print(json.dumps(results[name][-1]), flush=True)

    def median(name: str, part: str, key: str) -> float:
        return statistics.median(r[part][key] for r in results[name])

    header = f"{'server':<50} {'sessions/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'KiB/idle session':>17} {'alive':>9}"
    print(f"\nmedians of {args.rounds} rounds, {args.clients} clients, {args.seconds:g} s each\n{header}")
    for name, _ in runners:
        alive = f"{min(r['held']['alive'] for r in results[name])}/{args.sessions}"
        print(
            f"{name:<50} {median(name, 'throughput', 'per_second'):>10.0f} {median(name, 'throughput', 'p50_ms'):>8.1f}"
            f" {median(name, 'throughput', 'p99_ms'):>8.1f} {median(name, 'held', 'per_session_kib'):>17.1f} {alive:>9}"
        )
    ours = median(runners[0][0], "throughput", "per_second")
    for name, _ in runners[1:]:
        print(f"ratio probe / {name}: {ours / median(name, 'throughput', 'per_second'):.2f}x sessions per second")


if __name__ == "__main__":
    main()
