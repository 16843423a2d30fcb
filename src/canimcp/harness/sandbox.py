"""The sandbox every client run happens in: a fresh HOME, no inherited environment, dead proxies, and a
network namespace that has only loopback, with its own PID namespace so that nothing outlives the run."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

DEAD_PROXY = "http://127.0.0.1:9"
QUIET = {
    "DISABLE_TELEMETRY": "1", "DO_NOT_TRACK": "1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "DISABLE_AUTOUPDATER": "1", "GEMINI_TELEMETRY_ENABLED": "false", "NO_UPDATE_NOTIFIER": "1",
    "NPM_CONFIG_UPDATE_NOTIFIER": "false", "CI": "1", "TERM": "dumb", "NO_COLOR": "1",
}  # fmt: skip


class SandboxUnavailable(RuntimeError):
    pass


def fresh_home(root: Path) -> dict[str, str]:
    """HOME, XDG and temp directories under `root`, created empty."""
    dirs = {
        "HOME": root / "home", "XDG_CONFIG_HOME": root / "home/.config", "XDG_DATA_HOME": root / "home/.local/share",
        "XDG_CACHE_HOME": root / "home/.cache", "XDG_STATE_HOME": root / "home/.local/state", "TMPDIR": root / "tmp",
    }  # fmt: skip
    for path in dirs.values():
        path.mkdir(parents=True, exist_ok=True)
    return {k: str(v) for k, v in dirs.items()}


def environment(root: Path, path_prefix: list[str], extra: dict[str, str]) -> dict[str, str]:
    """The whole environment of a client: nothing inherited but a minimal PATH and locale."""
    system_path = "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
    env = {"PATH": ":".join([*path_prefix, system_path]), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    env |= fresh_home(root)
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        env[name] = DEAD_PROXY
    env["NO_PROXY"] = env["no_proxy"] = "127.0.0.1,localhost"
    return env | QUIET | extra


@dataclass(frozen=True)
class Isolation:
    namespaces: bool  # False only with --allow-network-fallback where unshare is refused

    def wrap(self, argv: list[str]) -> list[str]:
        if not self.namespaces:
            return ["setsid", *argv]
        # --pid + --fork: the driver is PID 1 of its namespace, so every process a client leaves behind
        # (daemons included) is killed by the kernel when the driver exits
        return ["unshare", "--net", "--pid", "--fork", "--mount-proc", "--kill-child", *argv]


def isolation(allow_fallback: bool) -> Isolation:
    """Network and PID namespaces if this machine lets us make them; otherwise refuse, or fall back when allowed."""
    if shutil.which("unshare") and shutil.which("ip"):
        probe = subprocess.run(
            ["unshare", "--net", "--pid", "--fork", "--mount-proc", "true"], capture_output=True, timeout=20
        )
        if probe.returncode == 0:
            return Isolation(True)
    if allow_fallback:
        return Isolation(False)
    raise SandboxUnavailable(
        "cannot create a network namespace here (unshare --net needs root or user namespaces); "
        "pass --allow-network-fallback to run with only the dead-proxy fence"
    )


def kill_group(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, 9)
