"""An Atomic Agents orchestrator with the tools of an MCP server, as the 1.x MCP example of its repository builds it,
run for one user turn against canimcp's scripted model.

python atomic_agents_agent.py stdio CMD ARGS...   |   python atomic_agents_agent.py sse URL
The tool classes come from atomic_agents_client.py's connection. The agent is a `BaseAgent` whose output schema holds
a `reasoning` text and an `action`: one of the tools' input schemas (each names its tool in a `tool_name` constant)
or a final response. Its client is `instructor.from_openai` around an OpenAI client with the scripted model's URL as
`base_url` ($CANIMCP_MODEL_URL/v1) and a dummy key: instructor's default mode offers the model that output schema as
the one function of a Chat Completions request and forces the call. The loop is the example's: while the action is a
tool's, run that tool class, add its result to the agent's memory as a system message ("Tool NAME executed with
result: ...") and run the agent again with no new input (at most 40 rounds); a tool that raises ends the turn, as
the example's handler does. The final response is printed.
"""

import os
import sys
from typing import Any, Union

import instructor
import openai
from atomic_agents.agents.base_agent import BaseAgent, BaseAgentConfig
from atomic_agents.lib.base.base_io_schema import BaseIOSchema
from atomic_agents.lib.components.system_prompt_generator import SystemPromptGenerator
from atomic_agents_client import Connection  # the plain script, shipped beside this one
from pydantic import Field


class TaskInput(BaseIOSchema):
    """A request for the agent, or a tool's result handed back to it."""

    query: str = Field(..., description="What to do, or what a tool gave back.")


class FinalResponseSchema(BaseIOSchema):
    """The answer to the user, once no more tools are needed."""

    response_text: str = Field(..., description="The answer for the user.")


def orchestrator_schema(tools: list[Any]) -> type[BaseIOSchema]:
    choices = (*(tool.input_schema for tool in tools), FinalResponseSchema)

    class OrchestratorOutputSchema(BaseIOSchema):
        """What the agent decided: its reasoning and one action, a tool call or the final answer."""

        reasoning: str = Field(..., description="Why this action.")
        action: Union[choices] = Field(..., description="A tool's input, or the final response.")  # type: ignore[valid-type]  # noqa: UP007

    return OrchestratorOutputSchema


def main() -> None:
    connection = Connection(sys.argv[1], sys.argv[2:])
    by_schema = {tool.input_schema: tool for tool in connection.tools}
    client = instructor.from_openai(
        openai.OpenAI(base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1", api_key="canimcp-scripted-model")
    )
    agent = BaseAgent(
        BaseAgentConfig(
            client=client,
            model="canimcp-scripted",
            input_schema=TaskInput,
            output_schema=orchestrator_schema(connection.tools),
            system_prompt_generator=SystemPromptGenerator(
                background=["You are an agent that handles the user's request with the MCP tools you are given."],
                steps=["Pick one tool at a time; answer with a final response when no tool is needed."],
            ),
        )
    )
    try:
        output = agent.run(TaskInput(query="Run the probe's scenarios, then report what you find."))
        for _ in range(40):
            if isinstance(output.action, FinalResponseSchema):
                print(output.action.response_text)
                break
            tool = by_schema[type(output.action)]
            result = tool().run(output.action).result
            said = f"Tool {tool.mcp_tool_name} executed with result: {result}"
            agent.memory.add_message("system", TaskInput(query=said))
            output = agent.run()
    except Exception as exc:  # the example prints the error and waits for the next query
        print(f"error: {exc}", file=sys.stderr)
    finally:
        connection.hold_and_close()


if __name__ == "__main__":
    main()
