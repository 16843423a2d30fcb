"""What the site tests read built pages with: an HTML outline parser, a link checker that knows the
site's URL rules, the hostile data entries, and screenshots."""

from __future__ import annotations

import json
import re
import textwrap
import threading
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

import uvicorn
from markdown_it import MarkdownIt

from canimcp.kb import bundled_data_dir
from canimcp.model import ProbeReport
from canimcp.probe.rejudge import rejudged, rewrite_features
from canimcp.site.serve import create_app
from loopback import free_port

BASE_URL = "https://canimcp.io"
REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "build" / "screenshots"

HOSTILE_TITLE = "<script>alert(1)</script>"
# what the hostile entries try to run: each sets window.__pwned, which must stay undefined in Chromium
PWN = "window.__pwned=1"
PIN = "0123456789abcdef0123456789abcdef01234567"


# -- serving ---------------------------------------------------------------------------------------


@dataclass
class Server:
    url: str
    data: Path
    out: Path
    app: Any


@dataclass
class _Running:
    server: uvicorn.Server
    thread: threading.Thread


def start_server(data: Path | None, out: Path, poll_seconds: float = 1.0) -> tuple[Server, _Running]:
    """`canimcp serve`'s app under a real uvicorn on 127.0.0.1, in a thread."""
    app = create_app(data, out, poll_seconds=poll_seconds)
    url, running = start_app(app)
    return Server(url, data or bundled_data_dir(), out, app), running


def start_app(app: Any) -> tuple[str, _Running]:
    """An ASGI app under a real uvicorn on 127.0.0.1, in a thread: its URL, and what `stop_server` stops."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    return f"http://127.0.0.1:{port}", _Running(server, thread)


def stop_server(running: _Running) -> None:
    running.server.should_exit = True
    running.thread.join(timeout=10)


# -- reading pages -------------------------------------------------------------------------------
@dataclass
class Outline:
    """The parts of one HTML page the tests look at."""

    links: list[tuple[str, str, str]] = field(default_factory=list)  # (tag, attribute, url)
    ids: set[str] = field(default_factory=set)
    headings: list[tuple[int, str]] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    scripts: list[tuple[dict[str, str | None], str]] = field(default_factory=list)  # (attrs, inline text)
    controls: list[dict[str, str | None]] = field(default_factory=list)  # inputs and selects, with "labelled"
    label_for: set[str] = field(default_factory=set)
    images: list[dict[str, str | None]] = field(default_factory=list)
    event_handlers: list[tuple[str, str]] = field(default_factory=list)
    html_lang: str | None = None
    title: str = ""


class _OutlineParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out = Outline()
        self._stack: list[str] = []
        self._heading: tuple[int, list[str]] | None = None
        self._script: tuple[dict[str, str | None], list[str]] | None = None
        self._labels = 0
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.out.tags.append(tag)
        for name, value in attrs:
            if name in ("href", "src", "action") and value is not None:
                self.out.links.append((tag, name, value))
            if name in ("id", "name") and value and tag != "input" and tag != "select":
                self.out.ids.add(value)
            if name.startswith("on"):
                self.out.event_handlers.append((tag, name))
        if a.get("id"):
            self.out.ids.add(str(a["id"]))
        if tag == "html":
            self.out.html_lang = a.get("lang")
        elif tag == "title":
            self._in_title = True
        elif re.fullmatch(r"h[1-6]", tag):
            self._heading = (int(tag[1]), [])
        elif tag == "script":
            self._script = (a, [])
        elif tag == "label":
            self._labels += 1
            if a.get("for"):
                self.out.label_for.add(str(a["for"]))
        elif tag in ("input", "select", "textarea") and a.get("type") != "hidden":
            a["labelled"] = "yes" if self._labels or a.get("aria-label") or a.get("aria-labelledby") else None
            self.out.controls.append(a)
        elif tag == "img":
            self.out.images.append(a)
        if tag not in ("meta", "link", "input", "img", "br", "hr", "source"):
            self._stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        elif self._heading and tag == f"h{self._heading[0]}":
            self.out.headings.append((self._heading[0], "".join(self._heading[1]).strip()))
            self._heading = None
        elif tag == "script" and self._script:
            self.out.scripts.append((self._script[0], "".join(self._script[1])))
            self._script = None
        elif tag == "label":
            self._labels -= 1

    def handle_data(self, data: str) -> None:
        if self._heading:
            self._heading[1].append(data)
        if self._script:
            self._script[1].append(data)
        if self._in_title:
            self.out.title += data


def outline(path: Path) -> Outline:
    parser = _OutlineParser()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser.out


_md = MarkdownIt("commonmark")


def markdown_links(text: str) -> list[str]:
    """Every link and image target in a markdown document (code spans and blocks are not links)."""
    found = []
    stack = _md.parse(text)
    while stack:
        token = stack.pop()
        stack.extend(token.children or [])
        if token.type == "link_open":
            found.append(str(token.attrs.get("href", "")))
        elif token.type == "image":
            found.append(str(token.attrs.get("src", "")))
    return found


# -- links ---------------------------------------------------------------------------------------
def url_of(out: Path, file: Path) -> str:
    """The URL path a built file is served at."""
    return "/" + file.relative_to(out).as_posix()


def resolve(out: Path, url_path: str, from_disk: bool = False) -> Path | None:
    """The file a URL path names, with the site's rules: exact file, clean URL (+ .html), folder index;
    `from_disk`, as a browser opens files: the exact file alone."""
    rel = unquote(url_path).lstrip("/")
    if ".." in Path(rel).parts:
        return None
    base = out / rel
    if from_disk:
        candidates = [] if rel.endswith("/") or not rel else [base]
    else:
        candidates = [base / "index.html"] if rel.endswith("/") or not rel else [base, out / (rel + ".html")]
    return next((c for c in candidates if c.is_file()), None)


def internal_target(page_url: str, href: str, base_url: str = BASE_URL) -> tuple[str, str] | None:
    """(path, fragment) of a link into this site, or None for a link elsewhere."""
    host = urlsplit(base_url).netloc
    absolute = urljoin(f"https://{host}{page_url}", href.strip())
    parts = urlsplit(absolute)
    if parts.scheme not in ("http", "https") or parts.netloc != host:
        return None
    return parts.path or "/", parts.fragment


@dataclass
class LinkReport:
    checked: int = 0
    broken: list[str] = field(default_factory=list)


def check_links(out: Path, base_url: str = BASE_URL, from_disk: bool = False) -> LinkReport:
    """Every internal link of every page, twin and llms.txt must name a file of the built site, and a
    fragment into an HTML page must name an id on it. A site built for a base URL with a path is served
    under that path: a link must stay under it. `from_disk`: each link within the files must name the file
    itself, as nothing serves a folder's index or a clean URL to a browser reading them from disk."""
    prefix = urlsplit(base_url).path.rstrip("/")
    report = LinkReport()
    outlines: dict[Path, Outline] = {}

    def ids_of(path: Path) -> set[str]:
        if path not in outlines:
            outlines[path] = outline(path)
        return outlines[path].ids

    sources: list[tuple[Path, list[str]]] = []
    for file in sorted(out.rglob("*")):
        if file.suffix == ".html":
            sources.append((file, [url for _, _, url in (outlines.setdefault(file, outline(file))).links]))
        elif file.suffix == ".md" or file.name == "llms.txt":
            sources.append((file, markdown_links(file.read_text(encoding="utf-8"))))
    for file, hrefs in sources:
        page_url = prefix + url_of(out, file)
        for href in hrefs:
            if from_disk and urlsplit(href.strip()).netloc:
                continue  # an absolute URL of the site (a canonical link) names it as its host serves it
            target = internal_target(page_url, href, base_url)
            if target is None:
                continue
            report.checked += 1
            path, fragment = target
            if not path.startswith(prefix + "/"):
                report.broken.append(f"{page_url}: {href} (outside {prefix}/, where the site is)")
                continue
            found = resolve(out, path.removeprefix(prefix), from_disk)
            if found is None:
                report.broken.append(f"{page_url}: {href} (no file for {path})")
            elif fragment and found.suffix == ".html" and fragment not in ids_of(found):
                report.broken.append(f"{page_url}: {href} (no id '{fragment}' on {url_of(out, found)})")
    return report


# -- hostile data --------------------------------------------------------------------------------
def add_hostile_entries(data: Path) -> None:
    """A client `evil` and a note `evil-note` whose titles are `<script>alert(1)</script>`, with markup,
    event handlers and `javascript:` links in every free-text field the pages show."""
    (data / "clients" / "evil.md").write_text(
        textwrap.dedent(f"""\
        ---
        id: evil
        title: '{HOSTILE_TITLE}'
        vendor: '<img src=x onerror="{PWN}">'
        homepage: 'javascript:{PWN}'
        repository: 'JaVaScRiPt:{PWN}'
        license: '"><svg onload="{PWN}">'
        aliases: ['<b onmouseover="{PWN}">alias</b>']
        packages:
          - {{registry: npm, name: '<script>{PWN}</script>'}}
        surfaces:
          - id: runtime
            title: '<iframe src="javascript:{PWN}"></iframe>'
            description: '<script>{PWN}</script>'
        clientInfo:
          - name: '"><script>{PWN}</script>'
            surface: runtime
            mode: session
            version: '<script>{PWN}</script>'
            evidence:
              - source:
                  url: https://github.com/evil/evil
                  title: '<script>{PWN}</script> construction'
                  commit: {PIN}
                  path: src/mcp.ts:1-3
                  date: 2026-10-01
        ---
        # {HOSTILE_TITLE}

        <script>{PWN}</script>

        [click me](javascript:{PWN}) and <img src=x onerror="{PWN}">
        """),
        encoding="utf-8",
    )
    (data / "support" / "evil.yaml").write_text(
        textwrap.dedent(f"""\
        client: evil
        support:
          roots:
            - state: "yes"
              surface: runtime
              declared: true
              notes: '<script>{PWN}</script> and [x](javascript:{PWN})'
              evidence:
                - note: evil-note
                - source:
                    url: https://github.com/evil/evil
                    title: '<img src=x onerror="{PWN}">'
                    commit: {PIN}
                    path: src/roots.ts:10-20
                    date: 2026-10-01
                - source:
                    url: 'https://example.org/x)<img src=x onerror="{PWN}">'
                    title: a URL that closes a markdown link target early
                    package: npm:evil@1.0.0
                    path: dist/index.js:1-2
                    date: 2026-10-01
            - state: "no"
              condition:
                flag: {{key: '<script>{PWN}</script>', value: true}}
                notes: '<img src=x onerror="{PWN}"> and a kernel'
              evidence:
                - note: evil-note
        """),
        encoding="utf-8",
    )
    (data / "research" / "evil-note.md").write_text(
        textwrap.dedent(f"""\
        ---
        id: evil-note
        title: '{HOSTILE_TITLE}'
        kind: bug
        summary: '<img src=x onerror="{PWN}"> summary with ]]> and &amp; in it'
        capabilities:
          - roots
        clients:
          - evil
        specVersions:
          - '2025-11-25'
        sources:
          - url: https://github.com/evil/evil
            title: '<script>{PWN}</script>'
            commit: {PIN}
            path: src/roots.ts:10-20
            date: 2026-10-01
        status: current
        lastVerified: 2026-10-01
        related: []
        canonical: https://canimcp.io/research/evil-note
        last-updated: 2026-11-29
        ---
        # {HOSTILE_TITLE}

        A [plain link](javascript:alert(1)), [a mixed-case one](JaVaScRiPt:{PWN}),
        [an encoded one](java&#x73;cript:{PWN}), [a data one](data:text/html;base64,PHNjcmlwdD4=)
        and [a vbscript one](vbscript:msgbox(1)).

        <img src=x onerror="{PWN}">

        <a href="javascript:{PWN}">raw anchor</a> inline <script>{PWN}</script> and <svg onload="{PWN}"></svg>

        An autolink <javascript:alert(1)>, a [reference link][evil] and a [safe one][good].

        [evil]: javascript:alert(1)
        [good]: https://example.org/ok

        [the client](/clients/evil.md) is real.
        """),
        encoding="utf-8",
    )

    probe = {
        "id": "evil-run-1",
        "started": "2026-11-01T10:00:00Z",
        "ended": "2026-11-01T10:00:02Z",
        "transport": "stdio",
        "era": "handshake",
        "protocolVersion": "2025-11-25",
        "clientInfo": {"name": HOSTILE_TITLE, "version": f"</script><script>{PWN}</script>"},
        "capabilities": {"roots": {}, "<img src=x onerror=alert(1)>": {}},
        "messages": [
            {"t": 0.01, "direction": "in", "raw": json.dumps({"jsonrpc": "2.0", "method": HOSTILE_TITLE})},
            # markup in every part of a message a run's page shows besides its body
            {
                "t": 0.02,
                "direction": "in",
                "raw": f"<img src=x onerror={PWN}>",
                "headers": {f"<b onmouseover={PWN}>": f"<script>{PWN}</script>\nx-fake: header"},
                "http": {"method": f"<svg onload={PWN}>", "path": "/<script>", "query": f"a=<img src=x onerror={PWN}>"},
                "sse": {"id": f"<script>{PWN}</script>"},
                "oauth": f"<iframe src=javascript:{PWN}>",
                "oauthParams": {"<script>": f"<img src=x onerror={PWN}>"},
                "page": f"<svg onload={PWN}>",
            },
        ],
        "features": {"roots": {"declared": True, "observed": "not-exercised", "evidence": [0]}},
        "harness": {
            "client": "evil",
            "package": "npm:evil",
            "version": f"1.0.0<script>{PWN}</script>",
            "mode": "session",
            "recipe": "evil",
        },
    }
    (data / "probes").mkdir(exist_ok=True)
    path = data / "probes" / "evil-run-1.json"
    path.write_text(json.dumps(probe, indent=1), encoding="utf-8")
    # the verdicts as the probe reads its messages, so that the knowledge base checks clean (KB019)
    rewrite_features(path, rejudged(ProbeReport.model_validate(probe)))


def luminance(colour: str) -> float:
    """WCAG relative luminance of #rgb or #rrggbb."""
    hexes = colour.lstrip("#")
    if len(hexes) == 3:
        hexes = "".join(c * 2 for c in hexes)
    channels = [int(hexes[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def screenshot(tab: Any, name: str, full_page: bool = False) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    tab.screenshot(path=str(path), full_page=full_page)
    assert path.stat().st_size > 1000, f"empty screenshot {path}"
    return path
