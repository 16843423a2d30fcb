"""mcp-remote (npm `mcp-remote`): its test client connects to a remote (HTTP) server."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mcp-remote",
    package="npm:mcp-remote",
    bin="mcp-remote-client",
    transports=("http", "sse"),
    # a transport strategy of one transport, so that neither run falls back to the other; stdin held open for 10 s,
    # since the test client shuts down when its stdin ends, which with the harness's empty stdin came before its
    # own tools/list
    modes={
        "session": {
            "http": (step("sh -c 'sleep 10 | $bin $probe_url --transport http-only'", timeout=45, may_fail=True),),
            "sse": (step("sh -c 'sleep 10 | $bin $probe_url --transport sse-only'", timeout=45, may_fail=True),),
        }
    },
    timeout=90,
    auth=True,  # it opens its authorization URL through xdg-open, which hands it to the harness's $BROWSER
)
