"""Servers the tests start on loopback: a free port, and waiting until a started server answers."""

from __future__ import annotations

import socket
import subprocess
import time

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_serving(url: str, process: subprocess.Popen[bytes], seconds: float = 20.0) -> None:
    """Return once `url` answers at all; fail with the process's error output if it exits or the time runs out."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            httpx.get(url, timeout=1)
            return
        except httpx.TransportError:
            exited = process.poll() is not None
            if exited or time.monotonic() > deadline:
                said = process.stderr.read().decode() if exited and process.stderr else ""
                raise AssertionError(f"{process.args} did not start serving {url}: {said}") from None
            time.sleep(0.05)
