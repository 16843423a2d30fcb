"""MCP Proxy for AWS (PyPI `mcp-proxy-for-aws`, AWS's local SigV4 proxy): `mcp-proxy-for-aws URL` is a stdio server to
a local app and an MCP client, on fastmcp's proxy (`FastMCPProxy` with a `StatefulProxyClient` subclass), of the remote
server at URL over Streamable HTTP, every HTTP request signed with AWS SigV4 from botocore's credential chain.

It is driven the way a user runs it: a downstream app spawns `mcp-proxy-for-aws URL` as its stdio server, and the probe
records the proxy's own session upstream. The app is a stdio client of the official Python SDK, installed in the
proxy's virtual environment (`mcp_proxy_for_aws_client.py`: fastmcp 3.x below 3.5, which the proxy asks for, brings
`mcp` 1.x), written like mcp-proxy's app (front_app.py): it names itself, declares roots, sampling and elicitation with
handlers that answer, lists, calls the probe's tools and `run_scenarios` until done, and holds the connection.

The endpoint is the probe's `http://127.0.0.1:PORT/mcp`: the proxy refuses plain http except for localhost, 127.0.0.1
and ::1 (utils.validate_endpoint_url). With no `--service`, the service it signs for is the first label of the host
name, here `127`; the signing region comes from `--region`, the endpoint's host name or `AWS_REGION`, so AWS_REGION is
set. Signing needs credentials (without them every request fails unless `--skip-auth` is given), so the recipe hands
it PLACEHOLDER static credentials, the example key pair of AWS's SigV4 documentation (AKIDEXAMPLE), where a user's
would come from their AWS configuration: they are no one's credentials, the signed requests go only to the probe on
loopback, and the sandbox has no route out anyway. The app passes the `AWS_*` variables to the proxy in its server
entry's `env`, as a desktop app's config would.

Streamable HTTP only: the proxy builds fastmcp's `StreamableHttpTransport` and has no SSE or stdio client. No `--auth`:
its only authentication is SigV4 (plus fixed `--header` values); it has no OAuth flow.
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mcp-proxy-for-aws",
    package="pypi:mcp-proxy-for-aws",
    bin="python",
    script="mcp_proxy_for_aws_client.py",
    script_helpers=("front_app.py", "late_calls.py", "scenario_calls.py", "mcp_proxy_client.py"),
    transports=("http",),
    surfaces={"session": "proxy"},  # the clientInfo is the Python SDK's default: fastmcp's client passes none
    modes={"session": (step("$bin $script $probe_target", timeout=90),)},
    env={
        # Placeholders, not credentials: the example key pair of AWS's SigV4 documentation, so that signing can run at
        # all; the signed requests go only to the probe on loopback.
        "AWS_ACCESS_KEY_ID": "AKIDEXAMPLE",
        "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
        "AWS_REGION": "us-east-1",
        "AWS_EC2_METADATA_DISABLED": "true",  # botocore would otherwise ask the instance metadata service
    },
)
