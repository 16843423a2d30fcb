"""Cline CLI (npm `cline`): `cline mcp add`, the scripted model (harness/model.py) as its OpenAI-compatible provider,
then a one-shot task, which calls MCP tools without asking (`--auto-approve` is on by default).

Over stdio its hand-written MCP client takes every message with a numeric id for the answer to its pending request
of that id, so the probe's `roots/list` (id 2, sent right after `initialized`) is taken as the answer to its
`tools/list` (also id 2): going by the code, none of the probe's tools reaches the model. Over Streamable HTTP it
uses the SDK's client, and the model gets the probe's tools (note cline-cli-takes-a-server-request-for-its-answer).

Its OAuth sign-in for a remote server is an entry of the `cline mcp` wizard ("Authorize OAuth"), which needs a
terminal: `script` gives it one, and a shell types the keys a person would (down four times to that entry, Enter,
Enter on the only remote server, then Ctrl-C to leave once the browser, the harness's through xdg-open, is done).

Releases before 3.0.0 (2.18.0 was run) have another command line: `mcp add` takes `--type` and no `--yes`, a task calls
MCP tools only with `-y`, and `cline mcp` has no wizard, so there is no sign-in to drive. Their MCP client is the
extension's McpHub bundled into the CLI, which writes tool calls as `<use_mcp_tool>` tags (harness/xml_tools.py)."""

from ..recipe import Recipe, Step, step

# the wizard's menu: list, add, edit, enable/disable, authorize; keys sent after it has had time to draw itself
KEYS = (
    r"sleep 6; printf '\033[B\033[B\033[B\033[B'; sleep 1; printf '\r'; sleep 2; printf '\r'; sleep 15; printf '\003'"
)
SIGN_IN = Step(("sh", "-c", f"({KEYS}) | script -qfec '$bin mcp' /dev/null"), timeout=45, may_fail=True)

AUTH = step("$bin auth -p openai -k dummy -m scripted -b $model_url/v1", may_fail=True)

RECIPE = Recipe(
    id="cline",
    package="npm:cline",
    bin="cline",
    setup={
        "stdio": (step("$bin mcp add probe --yes -- $probe_argv"), AUTH),
        "http": (step("$bin mcp add probe --yes --transport http $probe_url"), AUTH),
        "sse": (step("$bin mcp add probe --yes --transport sse $probe_url"), AUTH),
    },
    transports=("stdio", "http", "sse"),
    # it leaves a hub daemon running: the sandbox's PID namespace ends it with the run
    modes={"session": (step("$bin 'say hi' -t 60", timeout=90, may_fail=True),)},
    surfaces={"session": "cli"},
    model="openai",
    auth=True,
    sign_in=(SIGN_IN,),
    earlier=(
        (
            "3.0.0",
            {
                "setup": {
                    "stdio": (step("$bin mcp add probe -- $probe_argv"), AUTH),
                    "http": (step("$bin mcp add probe --type http $probe_url"), AUTH),
                    "sse": (step("$bin mcp add probe --type sse $probe_url"), AUTH),
                },
                "modes": {"session": (step("$bin 'say hi' -y -t 60", timeout=90, may_fail=True),)},
                "sign_in": (),
            },
        ),
    ),
)
