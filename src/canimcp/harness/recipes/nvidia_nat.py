"""NVIDIA NeMo Agent Toolkit (PyPI `nvidia-nat-mcp`, the toolkit's MCP client plugin, which brings `nvidia-nat-core`
and its `nat` command). Its MCP client is the official Python SDK 1.x (`mcp~=1.29.1`, pinned by the package itself)
opened with no clientInfo and no handlers, wrapped in the toolkit's `mcp_client` function group, which lists a
server's tools and makes each a toolkit function.

Health is `nat mcp client ping` (the SDK's raw ping, no function group). The session (nvidia_nat_session.py) is the
commands of the toolkit's MCP client page, each a process and a connection of its own: `nat mcp client tool list`,
then `nat mcp client tool call TOOL --json-args JSON` for each tool, through the function group as a workflow uses it
(not `--direct`, which bypasses it). A server is given on the command line: `--url` (Streamable HTTP by default,
`--transport sse` for the legacy transport) or `--transport stdio --command CMD --args "ARGS"`. Over stdio those
commands often fail as they leave: a server message that arrives after the session has stopped reading but before
the server process is gone makes the SDK 1.29.1's stdio reader raise an error it does not catch (a race, which the
commands mostly lose to the probe's late requests), and `tool list` then prints no names; the script takes them
from the group's log lines instead.

With `--agent` (nvidia_nat_agent.py) the toolkit's own agent runs on the scripted model: a workflow file with the probe
as an `mcp_client` function group and an `openai` LLM at the scripted model's URL (Chat Completions), run by
`nat run --config_file FILE --input TEXT`. The agents live in `nvidia-nat-langchain`, and the `openai` LLM needs that
package's `openai` extra (langchain-openai), both in `agent_packages`. The agent is `tool_calling_agent`, which offers
the tools the API's way; the MCP client page's examples use `react_agent`, whose prompt lists the tools as text and
reads `Action:` / `Action Input:` lines back, LangChain's ReAct format, which the scripted model does not write (its
`Action:` text is smolagents' JSON form, react_tools.py). Both agents call the same function group.

No sign-in (`auth` stays off): `--auth` on `tool list`, `tool call` and `ping` does discover the authorization server
from the 401, register, and open the browser with Python's `webbrowser` (so the harness's $BROWSER), and its redirect
server at localhost:8000 receives the code, but in 1.9.0 the MCP flow handler never hands its OAuth client to the
flow's state, so the code is never exchanged ("'NoneType' object has no attribute 'fetch_token'") and the retried
request goes out without a token; trials of `ping --auth` and `tool list --auth` against the probe with OAuth
required (not stored) stopped there. The support file pins the two places, one in each package."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="nvidia-nat",
    package="pypi:nvidia-nat-mcp",
    bin="nat",
    script="nvidia_nat_session.py",
    agent_script="nvidia_nat_agent.py",  # `probe run --agent`: a `nat run` workflow on the scripted model
    agent_packages=("nvidia-nat-langchain[openai]==$version",),
    script_helpers=("scenario_calls.py", "late_calls.py"),
    # `ping` opens a bare SDK session; `tool list` and `tool call`, like a workflow, go through the function group
    surfaces={"health": "ping", "session": "mcp-client"},
    modes={
        "health": (step("python3 $script $bin health $transport $probe_target", timeout=60),),
        "session": (step("python3 $script $bin session $transport $probe_target", timeout=420),),
    },
    transports=("stdio", "http", "sse"),  # --transport stdio|sse|streamable-http (the function group's config too)
    timeout=480,
)
