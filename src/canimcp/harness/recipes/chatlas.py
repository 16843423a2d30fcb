"""chatlas (PyPI `chatlas`, Posit's Python interface for chatting with LLMs, the sibling of R's ellmer) and its MCP
support, driven by a few-line script. A `Chat` registers an MCP server's tools with
`register_mcp_tools_stdio_async(command=, args=)` or `register_mcp_tools_http_stream_async(url=)` and closes them
with `cleanup_mcp_tools()`; `chatlas/_mcp_manager.py` opens the official Python SDK's `ClientSession` (no clientInfo,
no handlers) in a background task, lists the tools once, and keeps the session for the chat's tool calls. Those two
are its only transports: there is no legacy HTTP+SSE client and no status command.

The `mcp` extra, which chatlas's MCP page installs, brings the SDK (`mcp>=2.0.0`, so 2.x). The plain script
(`chatlas_client.py`) registers the probe as that page shows and calls the probe's tools through the registered
`Tool`s, the path a model's tool call takes. With `--agent` the script is one `chat_async` turn on
`ChatOpenAICompletions` (Chat Completions; chatlas's documented provider for OpenAI-compatible endpoints, since
`ChatOpenAI` speaks the Responses API) at the scripted model; `openai` is one of chatlas's own requirements, so the
agent needs no extra package.

`auth=True`: chatlas has no sign-in of its own, but `transport_kwargs` are handed to the SDK's
`streamable_http_client`, so an app can give it an HTTP client that carries the SDK's `OAuthClientProvider`, which is
what the script does with CANIMCP_AUTH=1."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="chatlas",
    package="pypi:chatlas",
    bin="python",
    script="chatlas_client.py",
    agent_script="chatlas_agent.py",  # `probe run --agent`: chat_async on ChatOpenAICompletions (Chat Completions)
    extra_packages=("chatlas[mcp]==$version",),  # the extra brings the MCP SDK (2.x)
    script_helpers=("scenario_calls.py", "late_calls.py", "sdk_oauth.py"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http"),  # register_mcp_tools_stdio_async / register_mcp_tools_http_stream_async; no SSE
    auth=True,  # the app's transport_kwargs give the SDK's streamable_http_client an httpx2 client with OAuth
)
