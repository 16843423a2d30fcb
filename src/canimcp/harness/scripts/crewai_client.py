"""A plain client on CrewAI's native MCP support, as its documentation shows it: defaults only.

python crewai_client.py stdio CMD ARGS...   |   python crewai_client.py http|sse URL
It describes the server the way an agent's `mcps` list takes it (`MCPServerStdio` with the command and its
arguments, `MCPServerHTTP` for Streamable HTTP, `MCPServerSSE` for the legacy HTTP+SSE transport), builds an `Agent`
with that list, and has the agent resolve it into CrewAI tools (`Agent.get_mcp_tools`, what a crew does when it
starts), then calls the probe's `run_scenarios` through the CrewAI tool, again after a failed call, at most four
times, as the sibling scripts do (CrewAI's `mcp<2` always speaks the 2025 handshake, so the probe asks for roots,
sampling and elicitation right after `initialize`, on each connection). CrewAI holds no connection: listing the
tools opens a session and closes it, and every tool call opens one of its own, so the hold at the end keeps only the
process alive. No crew runs: that would need a model (the agent is given a placeholder one on a dead endpoint, which
is never asked).
"""

import os
import sys
import time

from crewai import LLM, Agent
from crewai.mcp import MCPServerHTTP, MCPServerSSE, MCPServerStdio

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def server() -> MCPServerStdio | MCPServerHTTP | MCPServerSSE:
    """The probe, as an `mcps` entry for the transport asked for."""
    if sys.argv[1] == "stdio":
        return MCPServerStdio(command=sys.argv[2], args=sys.argv[3:])
    if sys.argv[1] == "sse":
        return MCPServerSSE(url=sys.argv[2])
    return MCPServerHTTP(url=sys.argv[2])


def main() -> None:
    agent = Agent(
        role="Probe tester",
        goal="Run the probe's scenarios",
        backstory="Checks what an MCP server asks of its clients.",
        # never asked: a placeholder key and a dead endpoint (CrewAI builds the model client with the agent)
        llm=LLM(model="openai/canimcp-placeholder", base_url="http://127.0.0.1:9/v1", api_key="placeholder"),
        mcps=[server()],
    )
    tools = agent.get_mcp_tools(agent.mcps or [])
    # by the MCP name: CrewAI's own name for the tool starts with the server's command line or URL
    scenarios = next((tool for tool in tools if getattr(tool, "original_tool_name", "") == "run_scenarios"), None)
    if scenarios is not None:
        for _ in range(4):  # a failed call is tried again, as in the sibling scripts
            try:
                print(f"run_scenarios: {scenarios.run()}")
                break
            except Exception as exc:  # what it does with input requests it cannot answer is on record
                print(f"run_scenarios: {exc}", file=sys.stderr)
    time.sleep(HOLD)


if __name__ == "__main__":
    main()
