"""Hugging Face tiny-agents (PyPI `huggingface_hub` with its `mcp` extra, console script `tiny-agents`): the
interactive agent of the hub library, built on its `MCPClient` (the Python SDK's `ClientSession`, which the extra
holds below 2.0). A session is `tiny-agents run FOLDER` with an `agent.json` in the working folder that names the
probe as its one server (`type` stdio, http or sse) and the scripted model (harness/model.py) as an
OpenAI-compatible endpoint (`endpointUrl`; Chat Completions, streamed). The CLI has no one-shot mode and no status
command, so there is no health mode, and its prompt reader never ends on an ended input (it reads it as an empty
line and runs the agent again, endlessly): tiny_agents_session.py types one prompt, waits for the prompt to come
back, holds the session there for a while and quits with Ctrl+C twice, as the CLI tells a person to."""

from ..recipe import Context, Recipe, step


def agent_folder(ctx: Context) -> dict[str, object]:
    server: dict[str, object] = (
        {"type": "stdio", "command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
        if ctx.transport == "stdio"
        else {"type": ctx.transport, "url": ctx.probe_url}  # `http` (Streamable HTTP) or `sse`, as it names them
    )
    # with an endpoint URL the provider is not used and the model name only goes into the request body
    agent = {"model": "scripted", "endpointUrl": f"{ctx.model_url}/v1", "apiKey": "dummy", "servers": [server]}
    return {"$work/agent/agent.json": agent}


RECIPE = Recipe(
    id="tiny-agents",
    package="pypi:huggingface_hub",
    bin="tiny-agents",
    extra_packages=("huggingface_hub[mcp]",),  # the MCP client is an extra; pip holds it to the same version
    files=agent_folder,
    script="tiny_agents_session.py",
    modes={"session": (step("python3 $script hi $bin run $work/agent", timeout=120, may_fail=True),)},
    model="openai",
    transports=("stdio", "http", "sse"),
    timeout=180,
)
