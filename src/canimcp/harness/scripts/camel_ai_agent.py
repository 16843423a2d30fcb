"""A CAMEL agent (`ChatAgent`) with the tools of its `MCPToolkit`, as its documentation shows them, run for one turn
against canimcp's scripted model.

python camel_ai_agent.py stdio CMD ARGS...   |   python camel_ai_agent.py http|sse URL
The MCP connection is camel_ai_client.py's (one server named "probe"), its tools handed to the agent as they are. The
model: `ModelFactory.create` on the OpenAI-compatible platform with the scripted model's URL ($CANIMCP_MODEL_URL/v1)
and a dummy key (Chat Completions). One setting is not a default: the model's token counter. CAMEL's default counts
with tiktoken, whose encodings are downloaded from the internet on first use, which a sandbox with no route out
cannot do; the script gives the model a counter of its own instead (CAMEL's `BaseTokenCounter`, about four characters
a token), which only decides when the conversation is cut short. No system message; one `astep` of one user turn
(the agent makes tool calls until the model answers with text); its answer is printed.
"""

import asyncio
import os

from camel.agents import ChatAgent
from camel.models import ModelFactory
from camel.toolkits import MCPToolkit
from camel.types import ModelPlatformType
from camel.utils import BaseTokenCounter
from camel_ai_client import server  # the plain script, shipped beside this one: the probe's entry


class CharacterCounter(BaseTokenCounter):
    def count_tokens_from_messages(self, messages: list) -> int:
        return sum(len(str(message.get("content") or "")) // 4 + 4 for message in messages)

    def encode(self, text: str) -> list[int]:
        return [ord(c) for c in text]

    def decode(self, token_ids: list[int]) -> str:
        return "".join(chr(i) for i in token_ids)


async def main() -> None:
    model = ModelFactory.create(
        model_platform=ModelPlatformType.OPENAI_COMPATIBLE_MODEL,
        model_type="canimcp-scripted",
        url=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        api_key="canimcp-scripted-model",
        token_counter=CharacterCounter(),
    )
    async with MCPToolkit(config_dict={"mcpServers": {"probe": server()}}) as toolkit:
        agent = ChatAgent(model=model, tools=toolkit.get_tools())
        response = await agent.astep("Run the probe's scenarios, then report what you find.")
        print(response.msgs[0].content if response.msgs else response.info)


asyncio.run(main())
