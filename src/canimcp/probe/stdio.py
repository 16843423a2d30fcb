"""The probe over stdio: newline-delimited JSON-RPC on stdin/stdout, one run per process."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from . import jsonrpc
from .session import Probe, ProbeSession

CHUNK = 64 * 1024


class PipeWriter:
    """stdout as a Channel: one message per line."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream

    async def write(self, data: bytes) -> None:
        # written synchronously: messages go out whole and in the order they were recorded
        with contextlib.suppress(BrokenPipeError, ValueError, OSError):
            self.stream.write(data + b"\n")
            self.stream.flush()


def _read_into(stream: BinaryIO, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[bytes]) -> None:
    """A daemon thread reading stdin (works for pipes, files and terminals alike; dies with the process). It reads
    the file descriptor, not the buffered object, whose lock would otherwise abort interpreter shutdown."""
    try:
        fd: int | None = stream.fileno()
    except (OSError, ValueError, AttributeError):
        fd = None
    while True:
        try:
            chunk = os.read(fd, CHUNK) if fd is not None else stream.read(CHUNK)
        except (OSError, ValueError):
            chunk = b""
        loop.call_soon_threadsafe(queue.put_nowait, chunk)
        if not chunk:
            return


async def serve_stdio(probe: Probe, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> str:
    """Serve one client until it closes stdin (or a limit ends the session); returns the run id."""
    stdin = stdin or sys.stdin.buffer
    channel = PipeWriter(stdout or sys.stdout.buffer)
    session = await probe.open_session("stdio", pid=os.getpid())
    session.push = channel
    closed = asyncio.Event()
    session.on_close.append(closed.set)
    limit = probe.config.limits.max_message_bytes
    tasks: set[asyncio.Task[None]] = set()
    buffer = b""
    chunks: asyncio.Queue[bytes] = asyncio.Queue()
    loop = asyncio.get_running_loop()
    threading.Thread(target=_read_into, args=(stdin, loop, chunks), daemon=True).start()
    # a stdio client may end the probe with SIGTERM instead of closing stdin (the AI SDK's transport does): the run
    # then records when it ended, so that its last requests are not judged as if the client had left after them
    ending: list[asyncio.Task[None]] = []  # held until it is over: the loop keeps only weak references to tasks
    terminated = _on_sigterm(loop, lambda: ending.append(loop.create_task(session.close("ended by SIGTERM"))))
    try:
        while not session.closed:
            read = asyncio.ensure_future(chunks.get())
            waiter = asyncio.ensure_future(closed.wait())
            done, _ = await asyncio.wait({read, waiter}, return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
            if read not in done:
                read.cancel()
                break  # a limit closed the session; the reader thread ends with the process
            chunk = read.result()
            if not chunk:
                break
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            for line in lines:
                line = line.removesuffix(b"\r")
                if not line.strip():
                    continue
                if len(line) > limit:
                    await _oversize(session, channel, line[:limit], len(line))
                    break
                received = await session.receive(line)
                task = asyncio.create_task(session.reply(received, channel))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            if len(buffer) > limit and not session.closed:
                await _oversize(session, channel, buffer[:limit], len(buffer))
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*ending)  # its end written before the store closes
        await session.close(session.close_reason or "client closed stdin")
        if terminated:
            loop.remove_signal_handler(signal.SIGTERM)
    return session.id


def _on_sigterm(loop: asyncio.AbstractEventLoop, handler: Callable[[], object]) -> bool:
    """Call `handler` on SIGTERM; False where the loop cannot (not the main thread, or not on POSIX)."""
    try:
        loop.add_signal_handler(signal.SIGTERM, handler)
    except (NotImplementedError, RuntimeError, ValueError):
        return False
    return True


async def _oversize(session: ProbeSession, channel: PipeWriter, head: bytes, size: int) -> None:
    """Keep the first `limit` bytes (as received), answer with an error and end the session."""
    limit = session.config.limits.max_message_bytes
    await session.record("in", head, {"truncated": True, "size": size})
    message = f"message larger than the limit of {limit} bytes; closing"
    await session.send(jsonrpc.error(None, jsonrpc.INVALID_REQUEST, message), channel)
    await session.close("message over the size limit")


async def run_stdio(probe: Probe, report: Path | None = None) -> str:
    await probe.store.open()
    try:
        run_id = await serve_stdio(probe)
        if report is not None:
            from .report import build_report

            stored = await probe.store.get_run(run_id)
            if stored is not None:
                report.write_text(
                    build_report(*stored).model_dump_json(by_alias=True, indent=2) + "\n", encoding="utf-8"
                )
        return run_id
    finally:
        await probe.store.close()
