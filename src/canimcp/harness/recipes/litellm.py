"""LiteLLM (PyPI `litellm`, BerriAI's LLM gateway) as an MCP client: its proxy, the AI gateway, configured with the
server under `mcp_servers:`, connects to it (stdio, Streamable HTTP or the legacy HTTP+SSE transport) with the MCP
client in `litellm/mcp_client/` (the official Python SDK 2.x's `ClientSession` underneath; the older module paths
`litellm.experimental_mcp_client` and `litellm.proxy._experimental.mcp_server` are now aliases of `litellm.mcp_client`
and of the gateway's `litellm.proxy.mcp_server`), and offers
the server's tools, resources and prompts again on its own MCP endpoint and to the models behind it. That is how a
server author meets LiteLLM, so that surface is run rather than the library's `load_mcp_tools`/`call_openai_tool`,
which take a session the app opened itself and so have no client of their own.

It is driven the way a user runs it: `litellm_client.py` writes the gateway's config (the probe as its one server,
defaults otherwise, a master key), starts `litellm --config ...` on loopback inside the run, and, as the app in front
of the gateway, connects to the gateway's `/mcp` endpoint with the official Python SDK (in the same environment),
names itself, declares roots, sampling and elicitation with handlers that answer, lists, calls the probe's tools of
one era and `run_scenarios` until done, and holds the connection. The probe sees only the gateway's upstream
connections. For stdio the script sets the two switches the gateway documents for it: LITELLM_ENABLE_MCP_STDIO
(stdio servers are refused without it) and LITELLM_MCP_STDIO_EXTRA_COMMANDS naming the probe's interpreter (only
`python`, `python3`, `node`, `npx`, `uvx`, `deno` and `docker` are allowed otherwise).

Why the install is not `litellm[proxy]`: that extra pins `litellm-proxy`, `litellm-proxy-extras` and
`litellm-enterprise` at versions the registry does not have (1.110.2, 0.4.114.post1 and 0.1.83.post1; the newest
published are none, 0.4.110 and 0.1.83), so pip refuses it. The proxy's code, its MCP gateway and client among it,
ships in the `litellm` wheel itself, so the recipe installs `litellm` with every other requirement of the `proxy`
extra (`PROXY_EXTRA`, copied from 1.110.2's metadata) and leaves those three out: `litellm-proxy-extras` carries the
database migrations (no database here), the proxy imports the enterprise package only where it may be missing, and
what `litellm-proxy` holds cannot be known here (the registry has no release of it); the runs show the gateway and
its MCP client working without it. LITELLM_LOCAL_MODEL_COST_MAP keeps the price table local.
Release 1.93.0 (published 2026-07-19, the last before the 2026-07-28 revision) is older in both respects: its `proxy`
extra asks for `mcp>=1.28.1,<2.0` and pins `litellm-proxy-extras` 0.4.76 and `litellm-enterprise` 0.1.49, which the
registry has, so the `earlier` entry installs `litellm[proxy]` at the release itself, and runs `litellm_client_1x.py`,
whose app makes the same calls with the SDK 1.x's `ClientSession` (no `Client` there). Its gateway has no
LITELLM_ENABLE_MCP_STDIO switch. The boundary 1.94.0 is the release after it: which later releases moved to the SDK 2
was not looked up, so a release from 1.94.0 on that still asks for `mcp<2` runs (and may fail) with the current entry;
nor was any release before 1.93.0 tried with the `earlier` entry.
No `--auth` run: the gateway signs in to an upstream only with credentials from its config (client credentials,
token exchange) or with a per-user token that a person obtains through the gateway's own browser flow, which the
harness cannot approve; the gateway's OAuth is described from the package instead.
"""

from ..recipe import Recipe, step

# the `proxy` extra of litellm 1.110.2 for Python 3.11 on Linux, less litellm-proxy, litellm-proxy-extras and
# litellm-enterprise (pinned there at versions the registry does not have)
PROXY_EXTRA = (
    "apscheduler>=3.11.2,<4.0", "azure-identity>=1.25.2,<2.0", "azure-storage-blob>=12.28.0,<13.0",
    "backoff>=2.2.1,<3.0", "backports-zstd>=1.0.0,<2.0", "boto3>=1.43.117,<2.0", "cryptography>=49.0.0,<51.0",
    "expression>=5.6.0,<6.0", "fastapi-sso>=0.19.0,<1.0", "fastapi>=0.136.3,<1.0", "granian>=2.7.4,<3.0",
    "gunicorn>=23.0.0,<24.0", "hiredis>=3.0.0,<4.0", "httpx2>=2.10.0,<3", "inquirerpy>=0.3.4,<1.0", "mcp>=2.3.0,<3",
    "orjson>=3.11.6,<4.0", "polars>=1.38.1,<2.0", "pydantic>=2.12.0,<3", "pyjwt>=2.13.0,<3.0", "pynacl>=1.6.2,<2.0",
    "pyroscope-io>=0.8.16,<1.0", "python-multipart>=0.0.27,<1.0", "pyyaml>=6.0.3,<7.0", "restrictedpython>=8.5,<9.0",
    "rich>=13.9.4,<14.0", "rq>=2.7.0,<3.0", "semver>=3.0.4,<4", "soundfile>=0.12.1,<1.0", "starlette>=1.0.1,<2.0",
    "tomlkit>=0.13.3,<1.0", "uvicorn>=0.33.0,<1.0", "uvloop>=0.22.1,<1.0", "websockets>=15.0.1,<16.0",
)  # fmt: skip

RECIPE = Recipe(
    id="litellm",
    package="pypi:litellm",
    bin="python",
    script="litellm_client.py",
    script_helpers=("front_app.py", "late_calls.py", "scenario_calls.py", "litellm_gateway.py"),
    extra_packages=PROXY_EXTRA,
    surfaces={"session": "proxy"},  # the clientInfo is the SDK's default (`mcp`), which says nothing of LiteLLM
    transports=("stdio", "http", "sse"),  # sse: `transport: sse` in the server's config entry
    modes={"session": (step("$bin $script $transport $probe_target", timeout=240),)},
    timeout=300,
    # releases before 1.94.0 (only 1.93.0 was run): their `proxy` extra asks for the SDK 1.x and pins companion
    # packages the registry has, so they install with that extra itself and run the app on the 1.x API
    earlier=(("1.94.0", {"script": "litellm_client_1x.py", "extra_packages": ("litellm[proxy]==$version",)}),),
)
