"""DSPy (PyPI `dspy`, Stanford NLP's framework for programming language models) and its MCP bridge,
`dspy.Tool.from_mcp_tool`, driven by a few-line script. DSPy opens no MCP connection: as its documentation shows, the
app connects with the official Python SDK (the `mcp` extra, with no bound, so 2.x in a default install), lists the
tools and hands the session and each tool to DSPy, which then calls the tool through that session. So what a server
sees of the handshake, the transports and the sign-in is the app's SDK client, built as DSPy's MCP page shows it (no
clientInfo, no handlers); DSPy's own part is the calls and what of their results reaches the model.

With `--agent` the script is `dspy.ReAct` on `dspy.LM` (LiteLLM's OpenAI-compatible provider, Chat Completions) at the
scripted model. ReAct names its tools in its instructions and reads each step from fields its model writes, which the
scripted model does for it (harness/field_tools.py). LITELLM_LOCAL_MODEL_COST_MAP keeps LiteLLM from fetching its price
table from GitHub when DSPy loads it (the sandbox has no route out)."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="dspy",
    package="pypi:dspy",
    bin="python",
    script="dspy_client.py",
    agent_script="dspy_agent.py",  # `probe run --agent`: dspy.ReAct on dspy.LM (LiteLLM, Chat Completions)
    extra_packages=("dspy[mcp]==$version",),  # the extra brings the MCP SDK, which the app connects with
    script_helpers=("scenario_calls.py", "late_calls.py", "sdk_oauth.py"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http", "sse"),  # whichever of the SDK's transports the app opens
    env={"LITELLM_LOCAL_MODEL_COST_MAP": "True"},
    auth=True,  # the app's SDK client signs in with the SDK's OAuthClientProvider (DSPy has no part in it)
)
