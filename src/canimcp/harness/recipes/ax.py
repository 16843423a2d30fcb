"""Ax (npm `@ax-llm/ax`), the TypeScript framework of signatures, programs (`ax()`, `AxAgent`) and optimizers, and its
own MCP client, `AxMCPClient`, driven by a few-line script. The client is Ax's own code, not the official SDK's: it
speaks both eras through one API (by default it tries `server/discover` first and falls back to `initialize`), and its
transports are in the main package for Streamable HTTP (`AxMCPStreamableHTTPTransport`) and legacy HTTP+SSE
(`AxMCPHTTPSSETransport`, marked deprecated), while the stdio transport (`AxMCPStdioTransport`) ships in the
Node-only companion package `@ax-llm/ax-tools`, which the MCP guide and that package's README tell a user to install:
hence `extra_packages`, at the same version (it asks for exactly that `@ax-llm/ax`).

The HTTP transports refuse plain HTTP and loopback hosts by default (SSRF protection); the package's MCP guide says a
localhost endpoint must opt in with `ssrfProtection: { allowHTTP: true, allowLoopback: true }`, so the scripts pass
that and nothing else. The agent (`--agent`) is an `ax()` program with the client in its `mcp` option, as the guide
shows, on `AxAIOpenAI` (Chat Completions) whose `apiURL` is the scripted model. Not `auth=True`: the transport has an
`oauth` option with an `onAuthCode` callback, but no harness sign-in has been written for it."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="ax",
    package="npm:@ax-llm/ax",
    bin="node",
    script="ax_client.mjs",
    agent_script="ax_agent.mjs",  # `probe run --agent`: ax() with `mcp: client` on AxAIOpenAI (Chat Completions)
    extra_packages=("@ax-llm/ax-tools@$version",),  # AxMCPStdioTransport lives only there
    # the clientInfo Ax sends names Ax itself; the surface is the AxMCPClient class
    surfaces={"session": "axmcpclient"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),
)
