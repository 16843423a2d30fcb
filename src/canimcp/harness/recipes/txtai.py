"""txtai (PyPI `txtai`, NeuML), the embeddings database and LLM-workflow framework, and its agents' MCP tools, driven
by a few-line script. txtai's `Agent` runs smolagents' `ToolCallingAgent` on txtai's own model class over its LLM
pipeline; its tools list reads a string that starts with "http" as an MCP server's URL, which it hands to mcpadapt
(`MCPAdapt({"url": URL}, SmolAgentsAdapter()).tools()`, no transport key, so mcpadapt's default, the legacy HTTP+SSE
transport, whatever the URL). That is the only MCP shape txtai reads; the wire protocol is the Python SDK's, under
mcpadapt. There is no stdio entry.

The plain script makes an `Agent` with the probe's URL in `tools`, as the configuration page shows. In 9.14.0 that
never connects: txtai asks mcpadapt for the tools before starting it, mcpadapt raises "Session not initialized", and
the agent is never made, so these runs end with that error and no report (the probe saw no connection). Only
mcpadapt 0.1.0 and older connected in the constructor; from 0.1.3 that happens in `with` (later also `start()`). With
`--agent` the script gives a txtai `Agent` the probe's tools as smolagents `Tool` objects from smolagents' `MCPClient`
(the other form txtai's tools list takes), on txtai's LiteLLM route at the scripted model: the connection is then
smolagents', and what the run shows of txtai is what its agent hands its model (tools as text, calls as `Action:`
JSON, which the scripted model speaks: harness/react_tools.py).

Install: `txtai[agent]` is the extra that brings smolagents, mcpadapt and the Python SDK (`mcp<2.0`, so 1.30.0);
without it `txtai.agent` does not import. mcpadapt 0.1.20 needs Python 3.12, so on canimcp's 3.11 pip takes 0.1.19
(0.1.20 only also drops `$defs` from output schemas). `torch==2.13.0` is in `extra_packages` for this machine alone:
txtai requires torch, and unpinned pip here takes a 5.5 GB CUDA build of 2.14.1 from the local wheel store, where
2.13.0 is a 190 MB CPU build; nothing of MCP depends on it, so it is not a pin and the reports do not carry it.
`agent_packages`: litellm, what txtai's LiteLLM route imports; its `pipeline-llm` extra would also build llama.cpp.
LITELLM_LOCAL_MODEL_COST_MAP keeps LiteLLM's price table local (it is fetched from GitHub at import otherwise)."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="txtai",
    package="pypi:txtai",
    bin="python",
    script="txtai_client.py",
    agent_script="txtai_agent.py",  # `probe run --agent`: a txtai Agent with smolagents' MCPClient tools, on LiteLLM
    extra_packages=("txtai[agent]==$version", "torch==2.13.0"),
    agent_packages=("litellm==1.110.2",),
    script_helpers=("scenario_calls.py", "late_calls.py"),
    env={"LITELLM_LOCAL_MODEL_COST_MAP": "True"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("http", "sse"),  # a URL only; txtai's entry would take the legacy transport for either path
    timeout=200.0,
)
