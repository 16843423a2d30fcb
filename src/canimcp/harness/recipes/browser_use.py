"""browser-use (PyPI `browser-use`), the browser-automation agent library, and its MCP client, driven by a script.

`browser_use.mcp.client.MCPClient` starts one server over stdio (it takes a command and nothing else: no URL, so no
HTTP or SSE runs, and no sign-in) with the Python SDK's low-level `ClientSession`, from the SDK version the release pins
exactly (`mcp==2.1.1`), and `register_to_tools` makes the server's tools actions of a browser-use `Tools` registry,
which its `Agent` offers the model beside its browser actions. The plain script calls them through that registry; the
agent run (`--agent`) is the `Agent` on browser-use's own OpenAI chat model at the scripted model, which needs a real
browser: browser-use finds the system's Chromium (/usr/bin/chromium) and starts it headless, on a blank page. The
package's MCP server (`browser-use --mcp`, `browser_use.mcp.server`) is the other direction and is not run here."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="browser-use",
    package="pypi:browser-use",
    bin="python",
    script="browser_use_client.py",
    agent_script="browser_use_agent.py",  # `probe run --agent`: Agent on its own ChatOpenAI, with the system's Chromium
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio",),  # MCPClient takes a command and its arguments only
    script_helpers=("scenario_calls.py", "late_calls.py"),
    # its own telemetry (PostHog) and version check are on by default; the sandbox has no route out either way
    env={"ANONYMIZED_TELEMETRY": "false", "BROWSER_USE_VERSION_CHECK": "false"},
)
