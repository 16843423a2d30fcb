"""llm-tools-mcp (PyPI `llm-tools-mcp`), the MCP plugin of Simon Willison's `llm` command: one prompt with the
plugin's `MCP` toolbox (`llm -T MCP`), on the scripted model (harness/model.py) as an OpenAI-compatible model in
llm's `extra-openai-models.yaml`, the probe in the plugin's `~/.llm-tools-mcp/mcp.json`. The plugin has no status
command, so there is no health mode.

The plugin imports the Python SDK's `streamablehttp_client`, which `mcp` 2.0 removed, while it asks for any
`mcp[cli]` from 1.9.1: beside the newest SDK, which a default install chooses, `llm` fails to load it. The recipe
pins `mcp<2`, so the runs show what the plugin does where it loads."""

import json

from ..recipe import Context, Recipe, step

PROMPT = "Run the probe's scenarios, then report what you find."
KEY = {"OPENAI_API_KEY": "canimcp-scripted-model"}  # llm asks for a key before it sends anything


def config(ctx: Context) -> dict[str, object]:
    if ctx.transport == "stdio":
        server: dict[str, object] = {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
    else:  # "http" (Streamable HTTP) or "sse", the types of the plugin's configuration
        server = {"type": ctx.transport, "url": ctx.probe_url}
    model = {"model_id": "scripted", "model_name": "scripted", "api_base": f"{ctx.model_url}/v1",
             "supports_tools": True}  # fmt: skip
    return {
        "$home/.llm-tools-mcp/mcp.json": {"mcpServers": {"probe": server}},
        # llm's user folder on Linux, where it reads the models it is told of (YAML: one JSON list is valid YAML)
        "$home/.config/io.datasette.llm/extra-openai-models.yaml": json.dumps([model]) + "\n",
    }


RECIPE = Recipe(
    id="llm-tools-mcp",
    package="pypi:llm-tools-mcp",
    bin="llm",
    pins=("mcp<2",),
    files=config,
    transports=("stdio", "http", "sse"),
    # --cl 0: no limit on chained tool calls (5 by default; the scripted model makes about a dozen)
    modes={
        "session": (step(f'$bin -m scripted -T MCP --cl 0 --no-log "{PROMPT}"', timeout=150, may_fail=True, **KEY),)
    },
    model="openai",
)
