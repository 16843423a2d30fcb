"""A scripted model for agent sessions: a loopback stand-in for a model API that makes the agent call the
probe's `run_scenarios` tool, so that a session shows what the client does inside a tool call (in the
2026-07-28 era, the only place a server can ask it for roots, sampling or elicitation).

It speaks the Anthropic Messages API (`POST /v1/messages`, streamed or not) and decides by one rule: while the
tools offered include one whose name ends in `run_scenarios`, and that tool has not yet completed (it was never
called, or its last result was an error, at most `CALLS` times), call it with no arguments; otherwise answer
with a short text. Nothing else about the conversation matters, and no text is generated.

    python -m canimcp.harness.model PORT LOG
"""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

TOOL_SUFFIX = "run_scenarios"
CALLS = 4  # the probe asks at most one round each for roots, sampling and elicitation, then completes
TEXT = "Done."


def next_turn(body: dict[str, Any]) -> dict[str, Any]:
    """The content block of the scripted answer to a Messages request: a tool_use or a text block."""
    tools = [t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)]
    name = next((n for n in tools if isinstance(n, str) and n.endswith(TOOL_SUFFIX)), None)
    if name is None:
        return {"type": "text", "text": TEXT}
    calls, failed = _calls_so_far(body.get("messages") or [], name)
    if calls == 0 or (failed and calls < CALLS):
        return {"type": "tool_use", "id": f"toolu_canimcp_{calls + 1}", "name": name, "input": {}}
    return {"type": "text", "text": TEXT}


def _calls_so_far(messages: list[Any], name: str) -> tuple[int, bool]:
    """How often the conversation called `name`, and whether its last result was an error."""
    ids: list[str] = []
    errors: dict[str, bool] = {}
    for message in messages:
        content = message.get("content") if isinstance(message, dict) else None
        for block in content if isinstance(content, list) else ():
            if not isinstance(block, dict):
                continue
            if block.get("type") == "tool_use" and block.get("name") == name:
                ids.append(str(block.get("id")))
            elif block.get("type") == "tool_result":
                errors[str(block.get("tool_use_id"))] = bool(block.get("is_error"))
    return len(ids), bool(ids) and errors.get(ids[-1], True)


def _message(body: dict[str, Any], block: dict[str, Any]) -> dict[str, Any]:
    stop = "tool_use" if block["type"] == "tool_use" else "end_turn"
    return {
        "id": "msg_canimcp", "type": "message", "role": "assistant", "model": body.get("model", "scripted"),
        "content": [block], "stop_reason": stop, "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }  # fmt: skip


def _events(body: dict[str, Any], block: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The server-sent events of a streamed answer, in the order the Messages API sends them."""
    message = _message(body, block)
    yield "message_start", {"type": "message_start", "message": {**message, "content": [], "stop_reason": None}}
    if block["type"] == "tool_use":
        start, delta = {**block, "input": {}}, {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
    else:
        start, delta = {"type": "text", "text": ""}, {"type": "text_delta", "text": block["text"]}
    yield "content_block_start", {"type": "content_block_start", "index": 0, "content_block": start}
    yield "content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}
    yield "content_block_stop", {"type": "content_block_stop", "index": 0}
    stop = {"stop_reason": message["stop_reason"], "stop_sequence": None}
    yield "message_delta", {"type": "message_delta", "delta": stop, "usage": {"output_tokens": 1}}
    yield "message_stop", {"type": "message_stop"}


def create_app(log: Path | None = None) -> Starlette:
    async def messages(request: Request) -> Response:
        try:
            body = json.loads(await request.body())
        except ValueError:
            return JSONResponse({"type": "error", "error": {"type": "invalid_request_error"}}, status_code=400)
        if not isinstance(body, dict):
            return JSONResponse({"type": "error", "error": {"type": "invalid_request_error"}}, status_code=400)
        block = next_turn(body)
        if log is not None:  # what the agent asked and what it was told, for reading a run afterwards
            with log.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"tools": [t.get("name") for t in body.get("tools") or []], "answer": block}))
                out.write("\n")
        if not body.get("stream"):
            return JSONResponse(_message(body, block))

        async def stream() -> AsyncIterator[bytes]:
            for event, data in _events(body, block):
                yield f"event: {event}\ndata: {json.dumps(data)}\n\n".encode()

        return StreamingResponse(stream(), media_type="text/event-stream")

    async def count_tokens(request: Request) -> Response:
        return JSONResponse({"input_tokens": 1})

    return Starlette(
        routes=[
            Route("/v1/messages", messages, methods=["POST"]),
            Route("/v1/messages/count_tokens", count_tokens, methods=["POST"]),
        ]
    )


def main(argv: list[str]) -> None:
    port, log = int(argv[0]), Path(argv[1]) if len(argv) > 1 else None
    uvicorn.run(create_app(log), host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main(sys.argv[1:])
