"""A client recipe: how to install one real MCP client, configure it in a fresh HOME, and make it
connect to the probe, in each mode it has. Recipes are data; `recipes/` holds one module per client."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from string import Template
from typing import Any, Literal

from ..versions import version_key

Transport = Literal["stdio", "http", "sse"]  # "http" is Streamable HTTP; "sse" the legacy HTTP+SSE
Mode = Literal["health", "session"]


@dataclass(frozen=True)
class Context:
    """What a recipe's templates can name: `$bin`, `$home`, `$work`, `$probe_url`, `$probe_json` ..."""

    bin: str  # the client's executable (or interpreter for script clients)
    home: Path
    work: Path  # the working directory (a trusted project folder for clients that ask)
    probe_argv: list[str]  # the stdio probe command
    probe_url: str  # the probe's endpoint: Streamable HTTP (/mcp), or the legacy SSE stream (/sse) in sse runs
    script: str = ""  # the client script, for SDK clients
    transport: Transport = "stdio"
    model_url: str = ""  # the scripted model's base URL (harness/model.py), for recipes with `model`

    def values(self) -> dict[str, str]:
        return {
            "bin": self.bin, "home": str(self.home), "work": str(self.work), "probe_url": self.probe_url,
            "probe_cmd": self.probe_argv[0], "probe_args_json": json.dumps(self.probe_argv[1:]),
            "probe_argv_json": json.dumps(self.probe_argv), "probe_cmd_json": json.dumps(self.probe_argv[0]),
            "probe_shell": shlex.join(self.probe_argv), "script": self.script, "transport": self.transport,
            "model_url": self.model_url,
        }  # fmt: skip

    def fill(self, text: str) -> str:
        return Template(text).safe_substitute(self.values())


@dataclass(frozen=True)
class Step:
    """One command run inside the sandbox. `argv` items are templates; `$probe_argv` expands in place to
    the stdio probe command, and `$probe_target` to that command (stdio) or the probe's URL (http, sse)."""

    argv: tuple[str, ...]
    timeout: float = 60.0
    env: Mapping[str, str] = field(default_factory=dict)
    may_fail: bool = False  # e.g. a session that errors on the dead model endpoint after connecting

    def expand(self, ctx: Context) -> list[str]:
        out: list[str] = []
        for item in self.argv:
            if item == "$probe_argv" or (item == "$probe_target" and ctx.transport == "stdio"):
                out.extend(ctx.probe_argv)
            elif item == "$probe_target":
                out.append(ctx.probe_url)
            else:
                out.append(ctx.fill(item))
        return out


def step(command: str, timeout: float = 60.0, may_fail: bool = False, **env: str) -> Step:
    """A step from a shell-like string (split with shlex; nothing runs through a shell)."""
    return Step(tuple(shlex.split(command)), timeout, env, may_fail)


ConfigFiles = Callable[[Context], Mapping[str, object]]


@dataclass(frozen=True)
class Recipe:
    id: str  # the client id in the knowledge base
    package: str  # registry:name, e.g. npm:@google/gemini-cli or pypi:mcp
    bin: str  # executable in the install (node_modules/.bin or the venv's bin), or "python"/"node" for scripts
    # per mode, its steps; or per mode and transport, when the command differs between stdio and http
    modes: Mapping[Mode, tuple[Step, ...] | Mapping[Transport, tuple[Step, ...]]]
    # the surface (an id in the client's data file) each mode runs, where the clientInfo name does not tell:
    # Claude Code's session and REPL send the same name, but the harness runs `claude -p`
    surfaces: Mapping[Mode, str] = field(default_factory=dict)
    # the legacy HTTP+SSE transport only where the client's configuration for it was read in its source
    transports: tuple[Transport, ...] = ("stdio", "http")
    setup: Mapping[Transport, tuple[Step, ...]] = field(default_factory=dict)  # e.g. `claude mcp add ...`
    files: ConfigFiles | None = None  # config files to write under HOME: path template -> JSON value or text
    node: str | None = None  # "22" or "24" when the system Node is too old
    python: str | None = None  # "3.12" or "3.13" when the client's releases need a newer Python than canimcp's
    extra_packages: tuple[str, ...] = ()  # installed alongside (platform binaries); `$version` = the client's
    # requirements a default install would not choose, installed beside the client (`mcp<2` for a release that
    # fails to import beside the newest SDK): the reports carry them, statements derived from the runs name them
    # (their condition's `install`), and so does the install folder's name
    pins: tuple[str, ...] = ()
    post_install: tuple[str, ...] = ()  # commands run in the install folder (e.g. a skipped postinstall)
    # flags for `npm install` (`--ignore-scripts` where a dependency's install script fetches from outside the
    # registries and the client runs without what it builds)
    npm_flags: tuple[str, ...] = ()
    script: str | None = None  # a client script shipped in harness/scripts/
    # a library's agent script (harness/scripts/), run in place of `script` by `probe run --agent`: the framework's own
    # agent on its own model integration, pointed at the scripted model ($CANIMCP_MODEL_URL), so that the run shows
    # what of the server's instructions and tool results reaches a model; `agent_packages` are that integration's
    # packages, installed beside the client for such runs only (in an install folder of their own)
    agent_script: str | None = None
    agent_packages: tuple[str, ...] = ()
    script_helpers: tuple[str, ...] = ()  # modules of harness/scripts/ the script imports, copied beside it
    env: Mapping[str, str] = field(default_factory=dict)
    # the model API family the client's sessions speak (Anthropic, OpenAI's Chat Completions or Responses, Gemini,
    # Ollama's own chat API):
    # its steps then reach a scripted model at `$model_url` (harness/model.py), which has the agent call the
    # probe's run_scenarios tool instead of failing on a dead model endpoint
    model: Literal["anthropic", "openai", "gemini", "ollama"] | None = None
    # the client can complete an OAuth sign-in in the sandbox (`probe run --auth`): a script that signs in when
    # CANIMCP_AUTH=1, or a client that opens its browser through xdg-open or $BROWSER (the harness's browser)
    auth: bool = False
    sign_in: tuple[Step, ...] = ()  # in a run with --auth, run before the mode's steps (e.g. `codex mcp login`)
    timeout: float = 120.0  # hard limit for one transport x mode run
    # (first version, registry:name): from that version on the client is published under another name (the
    # TypeScript SDK's client left @modelcontextprotocol/sdk for @modelcontextprotocol/client with 2.0.0's pre-releases)
    renamed: tuple[str, str] | None = None
    # the first release that no longer has an MCP client (Stagehand 4.0.0 became an extension runtime): the client's
    # latest release is the newest one before it, and a run of a later one stops before installing
    client_removed_in: str | None = None
    # older releases whose command line differed: (the first release an entry no longer applies to, the fields it
    # replaces), oldest first; a release before a boundary runs with the first such entry's fields (Cline 2.x's
    # `mcp add` took --type and no --yes)
    earlier: tuple[tuple[str, Mapping[str, Any]], ...] = ()
    notes: str = ""

    def steps(self, mode: Mode, transport: Transport, auth: bool = False) -> tuple[Step, ...]:
        """Setup for the transport, the sign-in when the probe requires OAuth, then the mode's own steps."""
        own = self.modes[mode]
        mode_steps = own.get(transport, ()) if isinstance(own, Mapping) else own
        return (*self.setup.get(transport, ()), *(self.sign_in if auth else ()), *mode_steps)

    @property
    def newest(self) -> Recipe:
        """The recipe under the client's newest package name (where `latest` is looked up)."""
        return replace(self, package=self.renamed[1], renamed=None) if self.renamed else self

    def for_version(self, version: str) -> Recipe:
        """The recipe as `version` runs: under the package name it was published as, with the steps of an `earlier`
        entry where it comes before that entry's boundary."""
        key = version_key(version) or ()
        if self.renamed and key >= (version_key(self.renamed[0]) or ()):
            return self.newest
        for boundary, fields in self.earlier:
            if key < (version_key(boundary) or ()):
                return replace(self, earlier=(), **fields)
        return self

    @property
    def registry(self) -> str:
        return self.package.split(":", 1)[0]

    @property
    def name(self) -> str:
        return self.package.split(":", 1)[1]

    def write_files(self, ctx: Context) -> list[Path]:
        written = []
        for path_template, value in (self.files(ctx) if self.files else {}).items():
            path = Path(ctx.fill(path_template))
            path.parent.mkdir(parents=True, exist_ok=True)
            text = value if isinstance(value, str) else json.dumps(value, indent=2)
            path.write_text(text, encoding="utf-8")
            written.append(path)
        return written


@dataclass(frozen=True)
class Unrunnable:
    """A client that cannot run here, and why (kept beside the recipes so the sweep lists it)."""

    id: str
    package: str
    reason: str
