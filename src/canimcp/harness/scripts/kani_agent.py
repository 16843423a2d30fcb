"""A kani agent with the probe's tools, as the docstring of `kani.mcp.tools_from_mcp_servers` shows one, run for one
full round against canimcp's scripted model.

python kani_agent.py stdio CMD ARGS...   |   python kani_agent.py http|sse URL
The MCP connection is kani_client.py's (one server's SDK parameter object, handed to `tools_from_mcp_servers`), and
its functions go to `Kani(engine, functions=...)` as they are. The model: kani's `OpenAIEngine` with a dummy key and
the scripted model's URL as `api_base` ($CANIMCP_MODEL_URL/v1), on Chat Completions. `full_round` runs one user turn:
the model's tool calls, each followed by another model request, until it answers with text; every message it yields
is printed. Default retry and round limits (one retry after a round with a failed call; no cap on rounds).

Three engine arguments are not defaults. None of them touches the MCP side (the connection is kani_client.py's, with
the helper's defaults, and the calls are kani's own loop's); they decide how the model is reached and how much of the
conversation each model request carries. `api_type="chat_completions"` is what kani picks anyway for a model name it
does not know, and only silences the warning asking for it. `tokenizer`: kani counts Chat Completions tokens with
tiktoken, whose encodings are downloaded on first use, which a sandbox with no route out cannot do, so it gets a byte
counter (one token a byte, an overcount) instead, as the engine's `tokenizer` argument allows. `max_context_size`: a
model name kani does not know gets 2,048 tokens, and counted a byte a token the probe's tool list alone takes 1,369 of
them, so kani would drop the conversation's start from its requests; 128,000 keeps the whole round in every request, as
the full context kani gives a model it knows would.
"""

import asyncio
import os

from kani import Kani
from kani.engines.openai import OpenAIEngine
from kani.mcp import tools_from_mcp_servers
from kani_client import server  # the plain script, shipped beside this one: the probe's parameter object

PROMPT = "Run the probe's scenarios, then report what you find."


class ByteTokenizer:
    """What kani asks of a tokenizer: `encode(text)` giving a list."""

    def encode(self, text: str) -> list[int]:
        return list(text.encode())


async def main() -> None:
    engine = OpenAIEngine(
        api_key="canimcp-scripted-model",
        model="canimcp-scripted",
        api_base=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        api_type="chat_completions",
        max_context_size=128_000,
        tokenizer=ByteTokenizer(),
    )
    try:
        async with tools_from_mcp_servers([server()]) as functions:
            ai = Kani(engine, functions=functions)
            async for message in ai.full_round(PROMPT):
                print(f"{message.role.value}: {message.text!r} {[c.function.name for c in message.tool_calls or ()]}")
    finally:
        await engine.close()


asyncio.run(main())
