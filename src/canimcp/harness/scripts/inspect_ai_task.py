"""An Inspect task with the probe as its MCP server, written as Inspect's MCP page shows it: a `Task` with one
`Sample` and the `react()` agent as its solver, given the server from `mcp_server_stdio`, `mcp_server_http` (Streamable
HTTP) or `mcp_server_sse` (the legacy SSE transport), and run with `inspect_ai.eval()`.

python inspect_ai_task.py stdio CMD ARGS...   |   python inspect_ai_task.py http|sse URL

The model is canimcp's scripted model through Inspect's `openai-api` provider, which its model docs name for any
OpenAI-compatible endpoint: `openai-api/scripted/model` reads SCRIPTED_BASE_URL and SCRIPTED_API_KEY (a dummy), which
the script sets from $CANIMCP_MODEL_URL, and speaks Chat Completions (it uses the Responses API only when told to).
Every other setting of `react()` and the task is Inspect's default but one: `message_limit`. The default `react()` ends
only when its model calls the `submit()` tool, and after an answer with no tool call it asks the model to go on; the
scripted model never submits, so without a limit the agent would ask it forever. A message limit, one of the limits
a `Task` takes, ends it instead; 60 leaves room for every call the scripted model makes. The log goes to ./logs (the
sandbox's working folder), Inspect's default, and nowhere else; the display is Inspect's `plain` one, since no
terminal is attached. The script prints the sample's status, error and messages to stderr for whoever runs it by hand
(the harness reads a step's output back, but the reports keep only the wire).

With CANIMCP_INSPECT_TOOLS (comma-separated names or globs), which the harness never sets, the agent gets only those
tools of the server through Inspect's `mcp_tools()` filter: the run made by hand with it (the client page says how)
leaves out `task_tool`, whose -32601 answer ends the sample in every default run that gets that far, before the
scripted model's last calls.
"""

import os
import sys

from inspect_ai import Task, eval, task
from inspect_ai.agent import react
from inspect_ai.dataset import Sample
from inspect_ai.tool import MCPServer, ToolSource, mcp_server_http, mcp_server_sse, mcp_server_stdio, mcp_tools

PROMPT = "Run the probe's scenarios, then report what you find."


def server(argv: list[str]) -> MCPServer:
    kind, target, *args = argv
    if kind == "stdio":
        return mcp_server_stdio(name="probe", command=target, args=args)
    if kind == "http":
        return mcp_server_http(name="probe", url=target)
    return mcp_server_sse(name="probe", url=target)


def tools() -> MCPServer | ToolSource:
    chosen = os.environ.get("CANIMCP_INSPECT_TOOLS")  # a run made by hand: only these tools (`mcp_tools`)
    return mcp_tools(server(sys.argv[1:]), tools=chosen.split(",")) if chosen else server(sys.argv[1:])


@task
def probe_task() -> Task:
    return Task(dataset=[Sample(input=PROMPT)], solver=react(tools=[tools()]), message_limit=60)


if __name__ == "__main__":
    os.environ["SCRIPTED_BASE_URL"] = f"{os.environ['CANIMCP_MODEL_URL']}/v1"
    os.environ["SCRIPTED_API_KEY"] = "canimcp-scripted-model"
    log = eval(probe_task(), model="openai-api/scripted/model", display="plain")[0]
    sample = log.samples[0] if log.samples else None
    print(log.status, log.error.message if log.error else "", file=sys.stderr)
    if sample is not None:
        print("error:", sample.error.message if sample.error else None, "limit:", sample.limit, file=sys.stderr)
        for message in sample.messages:
            print(message.role, repr(message.text[:200]), getattr(message, "error", None), file=sys.stderr)
