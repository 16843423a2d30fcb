"""y-cli (PyPI `y-cli`, command `y-cli`, "Command-line real-time conversation app"): a small terminal chat whose MCP
servers are held by a daemon of its own (`y-cli daemon start`, a background process that connects every server in
`~/.local/share/y-cli/mcp_config.jsonl` with the official Python SDK's `ClientSession` and answers the chat over a
Unix socket). A server entry with a `url` is the legacy HTTP+SSE transport (the SDK's `sse_client`), any other runs its
`command` over stdio; there is no Streamable HTTP. The probe is written into that file (one JSON object a line,
the file `y-cli mcp add` fills and tells the user to edit directly), beside the `todo` server y-cli adds by itself
(`uvx mcp-todo`, which fails to start here and is left as it is). The chat's bot is the `default` entry of
`bot_config.jsonl`, an OpenAI-compatible Chat Completions endpoint (`base_url`, `api_key`, `model`) with the MCP servers
it may use named in `mcp_servers`: the scripted model (harness/model.py), with a placeholder key.

The chat gives its model no tools the API's way: it lists each server's tools (and resources) in the system prompt
and reads the calls the model writes as `<use_mcp_tool>` tags, so the scripted model writes its calls that way
(harness/xml_tools.py). It has no one-shot mode, so y_cli_session.py does what the README has a person do: starts the
daemon, waits until `y-cli daemon status` lists `probe`, runs `y-cli chat` on a pseudo-terminal, types the prompt,
answers `y` to the confirmation the chat asks before each tool call, and after the scripted model's "Done." and the
harness's hold leaves with `exit` and `y-cli daemon stop`. The daemon is the only MCP client, and its connection is
the same whatever the chat does, so there is no separate health mode: `daemon status` only asks the daemon for the
names of its connected servers.

The recipe pins `mcp<2`. y-cli asks for any `mcp` from 1.2.1, and a default install takes the SDK 2.x, whose types
name their fields in snake case (`input_schema`, `resource_templates`, `mime_type`): the daemon still connects and
lists the tools, resource templates and resources, but reading `inputSchema`, `resourceTemplates` and `mimeType` off
the answers fails, so it answers the chat with an error, the system prompt names the server with nothing under it,
and the model is offered no tool at all (mcp_daemon/handlers.py against mcp-types 2.3.0). With the SDK 1.x (1.30.0)
the runs show what y-cli does where it works."""

import json

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"name": "probe", "command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
        if ctx.transport == "stdio"
        else {"name": "probe", "url": ctx.probe_url}
    )
    bot = {"name": "default", "base_url": f"{ctx.model_url}/v1", "api_key": "dummy", "model": "scripted"}
    data = "$home/.local/share/y-cli"
    return {
        f"{data}/mcp_config.jsonl": json.dumps(server) + "\n",
        f"{data}/bot_config.jsonl": json.dumps({**bot, "mcp_servers": ["probe"]}) + "\n",
    }


RECIPE = Recipe(
    id="y-cli",
    package="pypi:y-cli",
    bin="y-cli",
    transports=("stdio", "sse"),
    files=config,
    surfaces={"session": "interactive"},
    modes={"session": (step("python3 $script hi probe $bin", timeout=200, may_fail=True),)},
    script="y_cli_session.py",
    script_helpers=("terminal.py",),  # the pseudo-terminal the chat is typed into
    pins=("mcp<2",),
    model="openai",
    timeout=260,
)
