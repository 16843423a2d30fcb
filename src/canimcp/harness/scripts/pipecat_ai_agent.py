"""A Pipecat pipeline whose LLM service has an `MCPClient`'s tools, driven with a text frame on canimcp's scripted
model: no transport, no audio.

python pipecat_ai_agent.py stdio CMD ARGS...   |   python pipecat_ai_agent.py http|sse URL
The MCP connection is pipecat_ai_client.py's. As Pipecat's MCP client documents it, its `tools()` go into the
`LLMContext`, and the LLM service registers their handlers itself. The pipeline is the text part of a voice bot:
the context's user aggregator, `OpenAILLMService` (Chat Completions) with its base URL at the scripted model
($CANIMCP_MODEL_URL/v1) and a dummy key, and the assistant aggregator, which runs the model again once the
function calls of a turn have their results. An `LLMMessagesAppendFrame` with the user's text starts the turn, as
a transcription would in a voice bot; when the assistant's turn ends with text (the scripted model's "Done."), the
script sends an `EndFrame`, and the service closes the MCP client when the pipeline ends.
"""

import asyncio
import os

from pipecat.frames.frames import EndFrame, LLMMessagesAppendFrame
from pipecat.pipeline.pipeline import Pipeline
from pipecat.pipeline.worker import PipelineWorker
from pipecat.processors.aggregators.llm_context import LLMContext
from pipecat.processors.aggregators.llm_response_universal import LLMContextAggregatorPair
from pipecat.services.openai.llm import OpenAILLMService
from pipecat.workers.runner import WorkerRunner
from pipecat_ai_client import probe_client  # the plain script, shipped beside this one


async def main() -> None:
    mcp = probe_client()
    llm = OpenAILLMService(
        api_key="canimcp-scripted-model",
        base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
        settings=OpenAILLMService.Settings(model="canimcp-scripted"),
    )
    context = LLMContext(
        messages=[{"role": "system", "content": "You are a helpful assistant. Use your tools."}],
        tools=await mcp.tools(),
    )
    aggregators = LLMContextAggregatorPair(context)
    pipeline = Pipeline([aggregators.user(), llm, aggregators.assistant()])
    worker = PipelineWorker(pipeline)

    @aggregators.assistant().event_handler("on_assistant_turn_stopped")
    async def on_assistant_turn_stopped(aggregator, message):
        print(f"assistant: {message.content!r}")
        if message.content.strip():
            await worker.queue_frame(EndFrame())

    user_text = "Run the probe's scenarios, then report what you find."
    await worker.queue_frame(LLMMessagesAppendFrame(messages=[{"role": "user", "content": user_text}], run_llm=True))
    await WorkerRunner(handle_sigint=False).run(worker)


asyncio.run(main())
