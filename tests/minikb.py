"""A small, valid knowledge base written to a temporary directory, for rule and loader tests.

Each test changes one thing (`edit`) and looks for exactly the finding that change should cause.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from canimcp.kb import Finding, Options, check_kb

TODAY = dt.date(2026, 11, 30)
PIN = "abcdef0123456789abcdef0123456789abcdef01"

FILES: dict[str, str] = {
    "revisions.yaml": """\
- id: 2024-11-05
  date: 2024-11-05
  status: superseded
  era: handshake
  url: https://modelcontextprotocol.io/specification/2024-11-05
- id: 2025-06-18
  date: 2025-06-18
  status: superseded
  era: handshake
  url: https://modelcontextprotocol.io/specification/2025-06-18
- id: 2025-11-25
  date: 2025-11-25
  status: current
  era: handshake
  url: https://modelcontextprotocol.io/specification/2025-11-25
""",
    "features/client-capabilities.yaml": f"""\
category: client-capabilities
title: Client capabilities
description: What a client declares.
features:
  - id: roots
    title: Roots
    description: The client exposes filesystem roots.
    declaredAs: roots
    added: {{revision: 2024-11-05, url: https://modelcontextprotocol.io/specification/2024-11-05/client/roots}}
    observe: The probe sends roots/list.
    sources:
      - url: https://github.com/modelcontextprotocol/modelcontextprotocol
        title: schema, ClientCapabilities
        commit: {PIN}
        path: schema/2024-11-05/schema.ts:200-220
        date: 2025-01-02
  - id: elicitation
    title: Elicitation
    description: The server can ask the user for input.
    aliases: [elicit]
    declaredAs: elicitation
    added: {{revision: 2025-06-18}}
""",
    "clients/alpha.md": f"""\
---
id: alpha
title: Alpha Agent
vendor: Alpha Inc.
aliases: [alpha-cli]
packages:
  - {{registry: npm, name: alpha-agent}}
surfaces:
  - id: runtime
    title: Agent runtime
clientInfo:
  - name: alpha-mcp-client
    surface: runtime
    mode: session
    evidence:
      - source:
          url: https://github.com/alpha/alpha
          title: src/mcp.ts, client construction
          commit: {PIN}
          path: src/mcp.ts:10-12
          date: 2026-10-01
---
Alpha is an agent. See [the roots note](/research/alpha-roots.md).
""",
    "support/alpha.yaml": f"""\
client: alpha
support:
  roots:
    - state: "yes"
      surface: runtime
      since: "1.2.0"
      until: "2.0.0"
      declared: true
      evidence:
        - note: alpha-roots
        - source:
            url: https://github.com/alpha/alpha
            title: src/mcp.ts, roots handler
            commit: {PIN}
            path: src/mcp.ts:40-52
            date: 2026-10-01
  elicitation:
    - state: unknown
""",
    "research/alpha-roots.md": f"""\
---
id: alpha-roots
title: Alpha answers roots/list
kind: behaviour
summary: Alpha declares roots and answers roots/list.
capabilities:
  - roots
clients:
  - alpha
specVersions:
  - 2025-06-18
sources:
  - url: https://github.com/alpha/alpha
    title: src/mcp.ts, roots handler
    commit: {PIN[:8]}
    path: src/mcp.ts:40-52
    date: 2026-10-01
status: current
lastVerified: 2026-10-01
related:
  - alpha-elicitation
canonical: https://canimcp.io/research/alpha-roots
last-updated: 2026-11-11
---

# Alpha answers roots/list

Kind: behaviour · Clients: [alpha](/clients/alpha.md)

Text. See [the other note](/research/alpha-elicitation.md).
""",
    "research/alpha-elicitation.md": """\
---
id: alpha-elicitation
title: Alpha has no elicitation
kind: declaration
summary: Alpha does not declare elicitation.
capabilities:
  - elicitation
clients:
  - alpha
specVersions:
  - 2025-11-25
sources: []
status: current
lastVerified: 2026-11-01
related:
  - alpha-roots
canonical: https://canimcp.io/research/alpha-elicitation
last-updated: 2026-11-01
---

# Alpha has no elicitation

Body with a `[code link](/clients/nobody.md)` in a code span, which is not a link.
""",
}


class MiniKB:
    def __init__(self, root: Path) -> None:
        self.root = root
        for name, text in FILES.items():
            self.write(name, text)

    def write(self, name: str, text: str) -> Path:
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def edit(self, name: str, old: str, new: str) -> None:
        path = self.root / name
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {name}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    def check(self, today: dt.date = TODAY, **options: object) -> list[Finding]:
        return check_kb(self.root, Options(today=today, **options))  # type: ignore[arg-type]

    def codes(self, code: str, **options: object) -> list[Finding]:
        return [f for f in self.check(**options) if f.code == code]

    @staticmethod
    def line_of(path: Path, needle: str) -> int:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if needle in line:
                return number
        raise AssertionError(f"{needle!r} not found in {path}")
