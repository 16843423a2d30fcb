"""Pipecat (PyPI `pipecat-ai`, Daily's framework for voice and multimodal agents) and its `MCPClient`
(`pipecat.services.mcp_service`), which turns an MCP server's tools into function-call handlers of an LLM service.

Its MCP page installs it with the `mcp` extra (the official Python SDK; 1.10 let it be 2.x, and 1.14.0 asks for
`mcp[cli]>=2.1.1,<3`), and the OpenAI LLM service of the agent run needs the `openai` extra (httpx with HTTP/2; the
`openai` library itself is a base requirement). No pin: a default install works. The client names its server with the
SDK's own parameter types: `StdioServerParameters`, `StreamableHttpParameters` or `SseServerParameters`, so all three
transports; there is no OAuth (only fixed `headers` on the HTTP ones) and no status command.

The plain script (`pipecat_ai_client.py`) takes `MCPClient.tools()` (which replaced `register_tools(llm)` in 1.8.0; the
old call is deprecated) and calls the handler each tool schema carries the way the LLM service does on a model's tool
call: `FunctionCallParams` with a result callback, whose argument is what reaches the model (and cancels one call's
task, as the service does when the user interrupts the bot). With `--agent` a real pipeline runs with no transport: the
context's aggregators around `OpenAILLMService` (Chat Completions, base URL at the scripted model), started by an
`LLMMessagesAppendFrame` with the user's text, so the model's tool calls go through the service's function-call
machinery into the `MCPClient`. Pipecat needs no audio device or outside service for that: speech, VAD and transports
are separate processors the pipeline simply does not have."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="pipecat-ai",
    package="pypi:pipecat-ai",
    bin="python",
    script="pipecat_ai_client.py",
    agent_script="pipecat_ai_agent.py",  # `probe run --agent`: user aggregator, OpenAILLMService, assistant aggregator
    extra_packages=("pipecat-ai[mcp]==$version",),
    agent_packages=("pipecat-ai[mcp,openai]==$version",),
    script_helpers=("scenario_calls.py", "late_calls.py"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http", "sse"),  # StdioServerParameters, StreamableHttpParameters, SseServerParameters
)
