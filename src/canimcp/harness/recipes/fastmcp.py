"""fastmcp's client (PyPI `fastmcp`), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="fastmcp",
    package="pypi:fastmcp",
    bin="python",
    script="fastmcp_client.py",
    script_helpers=("late_calls.py",),  # the tools of one era the script calls
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),
    auth=True,  # auth="oauth" opens the browser through Python's webbrowser module, i.e. $BROWSER
)
