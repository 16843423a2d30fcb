"""Hugging Face tiny-agents for JavaScript (npm `@huggingface/tiny-agents`, command `tiny-agents`): a small agent
CLI on Hugging Face's MCP client (npm `@huggingface/mcp-client`, whose `Agent` and `McpClient` wrap the official
TypeScript SDK's `Client`). `tiny-agents run FOLDER` reads `agent.json` in the folder (the model, an `endpointUrl` for
an OpenAI-compatible endpoint, and `servers` of type `stdio`, `http` or `sse`), connects every server, then reads
prompts from its standard input, one a line; it has no option for a single prompt. The recipe points `endpointUrl`
at the scripted model (harness/model.py; the package's inference client adds `/chat/completions` to a URL ending in
`/v1`), pipes one prompt into the command and lets its input end: once the agent's turn is over, the CLI asks for the
next prompt on the closed input and exits with readline's ERR_USE_AFTER_CLOSE (exit code 7), hence `may_fail`. The
CLI itself is run, not a script on the `Agent` class, since it can be driven this way. It needs no newer Node.js
than the system's (its packages ask for 18). It has no status command that connects, so only sessions are recorded,
and no OAuth (an HTTP or SSE server takes fixed headers only), so no `--auth` run. The Python tiny-agents of
`huggingface_hub` is the `tiny-agents` recipe."""

from ..recipe import Recipe, step
from .tiny_agents import agent_folder  # the same agent.json as the Python tiny-agents

RECIPE = Recipe(
    id="tiny-agents-js",
    package="npm:@huggingface/tiny-agents",
    bin="tiny-agents",
    files=agent_folder,
    # one prompt on standard input, which then ends (with the harness's empty stdin alone the CLI waits at its prompt
    # with no turn run until the step's time limit)
    modes={"session": (step("sh -c 'printf \"hi\\n\" | $bin run $work/agent'", timeout=90, may_fail=True),)},
    model="openai",
    transports=("stdio", "http", "sse"),
)
