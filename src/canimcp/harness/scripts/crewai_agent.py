"""A crew on CrewAI with the probe as its agent's MCP server, as CrewAI's documentation shows it.

python crewai_agent.py stdio CMD ARGS...   |   python crewai_agent.py http|sse URL
The agent gets the probe in its `mcps` list as the plain script gives it (`MCPServerStdio`, `MCPServerHTTP` or
`MCPServerSSE`, default options) and CrewAI's `LLM` for an `openai/` model, which CrewAI serves with its own
OpenAI provider (the `openai` package it depends on, Chat Completions) pointed at the scripted model
(`CANIMCP_MODEL_URL` + `/v1`; harness/model.py) with a dummy key. One task, one agent, one crew, `kickoff()`; the
crew's final answer is printed.
"""

import os

from crewai import LLM, Agent, Crew, Task
from crewai_client import server  # the plain script, shipped beside this one: the `mcps` entry

PROMPT = "Run the probe's scenarios, then report what you find."


def main() -> None:
    llm = LLM(
        model="openai/canimcp-scripted",
        base_url=os.environ["CANIMCP_MODEL_URL"] + "/v1",
        api_key="canimcp-scripted-model",
    )
    agent = Agent(
        role="Probe tester",
        goal="Run the probe's scenarios",
        backstory="Checks what an MCP server asks of its clients.",
        llm=llm,
        mcps=[server()],
    )
    task = Task(description=PROMPT, expected_output="What the probe found.", agent=agent)
    print(Crew(agents=[agent], tasks=[task]).kickoff())


main()
