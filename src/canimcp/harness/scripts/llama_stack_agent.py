"""One Responses API call on Llama Stack run in-process, with the probe as an `mcp` tool, on the scripted model.

python llama_stack_agent.py http|sse URL
The stack is the plain script's (the same run config in the sandbox HOME, `AsyncLlamaStackAsLibraryClient`), its
inference the `remote::openai` provider (Chat Completions) at the scripted model, registered as `canimcp-scripted`.
`client.responses.create(...)` runs one turn with `tools=[{"type": "mcp", "server_label": "probe", "server_url":
URL}]` and no other option, as the tools page shows a remote MCP server without a connector (approval defaults to
"never" in this release): the Responses provider lists the server's tools, offers them to the model, and runs the
calls the model makes on one MCP session for the request. The final output text is printed.
"""

import asyncio
import os
import sys

from llama_stack_session import MODEL, stack_config  # the plain script, shipped beside this one

PROMPT = "Run the probe's scenarios, then report what you find."


async def main() -> None:
    from llama_stack.core.library_client import AsyncLlamaStackAsLibraryClient

    client = AsyncLlamaStackAsLibraryClient(stack_config(sys.argv[2], os.environ["CANIMCP_MODEL_URL"]))
    await client.initialize()
    try:
        models = [m.id for m in await client.models.list()]
        print(f"models: {models}", file=sys.stderr)
        model = next((m for m in models if m.endswith(MODEL)), MODEL)
        response = await client.responses.create(
            model=model,
            input=PROMPT,
            tools=[{"type": "mcp", "server_label": "probe", "server_url": sys.argv[2]}],
        )
        for item in response.output:
            print(f"{item.type}: {str(item)[:300]}", file=sys.stderr)
        print(response.output_text)
    finally:
        await client.shutdown()


asyncio.run(main())
