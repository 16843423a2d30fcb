"""A scripted model for agent sessions: a loopback stand-in for a model API that makes the agent call the
probe's `run_scenarios` tool, so that a session shows what the client does inside a tool call (in the
2026-07-28 era, the only place a server can ask it for roots, sampling or elicitation), and then checks what of
the probe's instructions and tool results reached it (context_checks.py).

It speaks the Anthropic Messages API (`POST /v1/messages`), OpenAI's Chat Completions (`POST /v1/chat/completions`)
and Responses (`POST /v1/responses`), the Gemini API (`POST /v1beta/models/M:generateContent` and
`:streamGenerateContent`) and Ollama's own chat API (`POST /api/chat`, and the model list and details that Ollama
clients ask for first: `GET /api/tags`, `POST /api/show`, `GET /api/version`), streamed or not, and in Chat
Completions also tool calls written as text in the Hermes format (text_tools.py) or as `<use_mcp_tool>` tags
(xml_tools.py: y-cli), as the actions of ElizaOS's XML answers (eliza_actions.py), asked for as a JSON answer
(schema_tools.py), as DSPy's named fields (field_tools.py), as browser-use's list of actions (action_tools.py), as
one field of a forced function call (union_tools.py: Atomic Agents), as smolagents' `Action:` text for an agent
whose model gets no `tools` (react_tools.py: txtai), as shell commands that call MCP tools (shell_tools.py: Letta
Code, whose OpenAI-compatible provider first lists the models, `GET /v1/models`) or as calls of one gateway tool that
lists and calls a server's tools (gateway_tools.py: pi-mcp-adapter's `mcp`). It decides
by one rule: while the tools offered include the probe's `run_scenarios` (under whatever name the agent gives it:
`names_tool`; an agent that only names it until the model loads it with a search tool is asked to load it:
tool_search.py) and no result of it yet says the probe is done (at most `CALLS` calls), call it with no arguments;
then make the context checks; then call the 2026-07-28 header tools, the 2025-11-25 `task_tool` and `url_gate`,
`show_view` and `dropped_stream` once each where they are offered; then answer with a short text. No text is
generated.

    python -m canimcp.harness.model PORT [LOG]
"""

from __future__ import annotations

import itertools
import json
import sys
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from .action_tools import action_tools, as_actions
from .context_checks import context_turn, last_turn, names_tool
from .conversation import NAMESPACED, Conversation, conversation, message_text
from .eliza_actions import ID as ELIZA_ID
from .eliza_actions import as_eliza_xml, eliza_decision, eliza_prompt, listed_actions, remembered
from .field_tools import as_fields, field_tools
from .gateway_tools import as_gateway, gateway_listed, gateway_servers
from .gateway_tools import list_turn as gateway_list_turn
from .react_tools import as_react, react_tools
from .schema_tools import as_json, schema_tools
from .shell_tools import as_shell, list_turn, shell_listed, shell_servers
from .text_tools import as_text, listed_tools
from .tool_search import search_turn
from .union_tools import as_union, union_tools
from .xml_tools import as_mcp_xml, listed_mcp_tools

TOOL_SUFFIX = "run_scenarios"
CALLS = 4  # the probe asks at most one round each for roots, sampling and elicitation, then completes; in the
# handshake era each of its three list changes may end a call early instead (see ProbeSession.announce_list_change)
DONE = "Scenarios done"  # how the probe's run_scenarios result starts once nothing is left to ask
TEXT = "Done."
# every answer gets an id of its own: LangChain keeps a conversation's messages by id, so answers sharing one would
# replace each other and the agent would stop after its second model call
_ANSWERS = itertools.count(1)


def _answer_id(prefix: str) -> str:
    return f"{prefix}canimcp-{next(_ANSWERS)}"


def next_turn(body: dict[str, Any]) -> dict[str, Any]:
    """The scripted answer to a request of any of the APIs, as a Messages-API content block: a tool_use or a text
    block (a tool call written out, where the request lists its tools as text, text_tools.py, or as MCP tools to call
    with an XML tag, xml_tools.py, names them as ElizaOS actions, eliza_actions.py, asks for its calls as a JSON
    answer, schema_tools.py, as named fields, field_tools.py, or as a list of actions, action_tools.py)."""
    written = listed_tools(body, message_text)
    reacted = react_tools(body, message_text)  # smolagents' text actions (react_tools.py: txtai)
    tagged = listed_mcp_tools(body, message_text)
    eliza = eliza_prompt(body, message_text)
    named = listed_actions(body, message_text) if eliza else {}
    asked = schema_tools(body)
    fielded = field_tools(body, message_text)
    acted = None if asked else action_tools(body)
    united = union_tools(body)
    offered = written or reacted or list(tagged) or list(named) or list(asked[1] if asked else ())
    offered = offered or (fielded[1] if fielded else [])
    offered = offered or list(acted or ())
    offered = offered or list(united.tools if united else ()) or _tool_names(body)
    servers = shell_servers(body, offered)  # MCP tools the agent reaches only through its shell (shell_tools.py)
    if servers:
        return _mediated(body, lambda calls: list_turn(servers, calls), shell_listed, as_shell)
    # MCP tools the agent reaches only through one gateway tool (gateway_tools.py), unless it offers them directly
    gateway = [] if any(names_tool(n, TOOL_SUFFIX) for n in offered) else gateway_servers(body, offered)
    if gateway:
        return _mediated(body, lambda calls: gateway_list_turn(gateway, calls), gateway_listed, as_gateway)
    block = _with_choices(body, _next_turn(body, offered))
    if united:
        return as_union(block, united)
    if written:
        return as_text(block)
    if reacted:
        return as_react(block)
    if tagged:
        return as_mcp_xml(block, tagged)
    if eliza:
        return as_eliza_xml(block, named, eliza_decision(body, message_text))
    if fielded:
        return as_fields(block, *fielded)
    if acted:
        return as_actions(block, acted, body)
    return as_json(block, *asked) if asked else block


Listed = Callable[[list[tuple[str, str, dict[str, Any]]], list[tuple[str, Any]]], list[str]]
Block = dict[str, Any]
Listing = Callable[[list[tuple[str, str, dict[str, Any]]]], Block | None]


def _mediated(body: dict[str, Any], listing: Listing, listed: Listed, wrap: Callable[[Block], Block]) -> Block:
    """A turn for an agent whose MCP tools the model reaches through another tool (its shell, a gateway): the listing
    call while a server is not listed yet, then the usual turn on the tools the listings returned, as such a call."""
    said = conversation(body)
    turn = listing(said.calls)
    return turn if turn is not None else wrap(_next_turn(body, listed(said.calls, said.results)))


def _with_choices(body: dict[str, Any], block: dict[str, Any]) -> dict[str, Any]:
    """A call with a value for each required parameter that has an `enum` and that the scripted arguments lack (its
    first choice): an agent may add parameters of its own to every tool and refuse a call without them (OpenHands
    asks for a `security_risk` on each tool not marked read-only). The probe's tools have no such parameter."""
    if block["type"] != "tool_use":
        return block
    tool: dict[str, Any] = next((t for t in body.get("tools") or [] if _tool_name(t) == block["name"]), {})
    schema = tool.get("input_schema") or tool.get("parameters") or (tool.get("function") or {}).get("parameters")
    if not isinstance(schema, dict):
        return block
    properties = schema.get("properties") or {}
    added = {
        name: properties[name]["enum"][0]
        for name in schema.get("required") or []
        if name not in block["input"] and isinstance(properties.get(name), dict) and properties[name].get("enum")
    }
    return {**block, "input": {**block["input"], **added}} if added else block


def _next_turn(body: dict[str, Any], tools: list[str]) -> dict[str, Any]:
    name = next((n for n in tools if names_tool(n, TOOL_SUFFIX)), None)
    said = conversation(body)
    seen = json.dumps(body, ensure_ascii=False)
    if any(call_id.startswith(ELIZA_ID) for call_id, _, _ in said.calls):  # steps whose parameters are not shown
        results = said.results

        def checks(earlier: list[tuple[str, str, dict[str, Any]]]) -> dict[str, Any] | None:
            return context_turn(body, Conversation(earlier, results), tools) or last_turn(
                Conversation(earlier, results), tools, seen
            )

        said = Conversation(remembered(said.calls, checks), results)
    called = any(names_tool(n, TOOL_SUFFIX) for _, n, _ in said.calls)
    if name is None and not called:  # not offered, or only named until loaded (tool_search.py)
        return search_turn(body, said, tools) or {"type": "text", "text": TEXT}
    # an agent may stop offering a tool once called (BeeAI's RequirementAgent allows no second call in a row with the
    # same input): the checks go on meanwhile, and run_scenarios is called again once it is offered again
    ids = {call_id for call_id, made, _ in said.calls if made == name}
    done = any(call_id in ids and DONE in json.dumps(content) for call_id, content in said.results)
    if name is not None and not done and len(ids) < CALLS:
        return {"type": "tool_use", "id": f"toolu_canimcp_{len(ids) + 1}", "name": name, "input": {}}
    return context_turn(body, said, tools) or last_turn(said, tools, seen) or {"type": "text", "text": TEXT}


def _tool_names(body: dict[str, Any]) -> list[str]:
    """The names of the tools a request offers, in any of the APIs."""
    names = []
    for tool in body.get("tools") or []:
        declared = tool.get("functionDeclarations") if isinstance(tool, dict) else None  # Gemini: a group
        nested = tool.get("tools") if isinstance(tool, dict) and tool.get("type") == "namespace" else None
        if isinstance(declared, list):
            names += [_tool_name(d) for d in declared]
        elif isinstance(nested, list):  # Responses: a namespace of tools, named here `namespace.tool`
            names += [f"{tool.get('name')}{NAMESPACED}{_tool_name(t)}" for t in nested]
        else:
            names.append(_tool_name(tool))
    return names


def _tool_name(tool: Any) -> str:
    """A tool's name (Chat Completions nests it in `function`)."""
    if not isinstance(tool, dict):
        return ""
    name = tool.get("name", (tool.get("function") or {}).get("name"))
    return name if isinstance(name, str) else ""


def _message(body: dict[str, Any], block: dict[str, Any]) -> dict[str, Any]:
    stop = "tool_use" if block["type"] == "tool_use" else "end_turn"
    return {
        "id": _answer_id("msg_"), "type": "message", "role": "assistant", "model": body.get("model", "scripted"),
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


def _chat_message(block: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The block as a Chat Completions assistant message, and its finish reason."""
    if block["type"] == "tool_use":
        function = {"name": block["name"], "arguments": json.dumps(block["input"])}
        call = {"id": block["id"].replace("toolu_", "call_"), "type": "function", "function": function}
        return {"role": "assistant", "content": None, "tool_calls": [call]}, "tool_calls"
    return {"role": "assistant", "content": block["text"]}, "stop"


def _chat_completion(body: dict[str, Any], block: dict[str, Any]) -> dict[str, Any]:
    message, finish = _chat_message(block)
    return {
        "id": _answer_id("chatcmpl-"), "object": "chat.completion", "created": 0,
        "model": body.get("model", "scripted"),
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }  # fmt: skip


def _chat_chunks(body: dict[str, Any], block: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The chunks of a streamed answer: the message as one delta, then the finish reason with usage."""
    message, finish = _chat_message(block)
    if "tool_calls" in message:
        message["tool_calls"] = [{"index": 0, **call} for call in message["tool_calls"]]
    head = {"id": _answer_id("chatcmpl-"), "object": "chat.completion.chunk", "created": 0}
    head["model"] = body.get("model", "")
    yield {**head, "choices": [{"index": 0, "delta": message, "finish_reason": None}]}
    usage = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
    yield {**head, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}], "usage": usage}


def _gemini_response(body: dict[str, Any], block: dict[str, Any]) -> dict[str, Any]:
    part = (
        {"functionCall": {"name": block["name"], "args": block["input"]}}
        if block["type"] == "tool_use"
        else {"text": block["text"]}
    )
    return {
        "candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
    }


OLLAMA_MODEL = {"name": "scripted", "model": "scripted", "size": 1, "digest": "0" * 64}
OLLAMA_DETAILS = {"format": "gguf", "family": "scripted", "parameter_size": "1", "quantization_level": "none"}


def _ollama_time() -> str:
    """A timestamp as Ollama writes one (with fractions of a second, which Ollama clients' parsers expect)."""
    now = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + f".{int(now * 1e6) % 1_000_000:06d}Z"


def _ollama_chat(body: dict[str, Any], block: dict[str, Any]) -> list[dict[str, Any]]:
    """The objects of an Ollama `/api/chat` answer: the message (a tool call's arguments as an object, with no call
    id, as Ollama sends them), then the closing object with `done`. Streamed, each is one line of JSON."""
    if block["type"] == "tool_use":
        call = {"function": {"name": block["name"], "arguments": block["input"]}}
        message: dict[str, Any] = {"role": "assistant", "content": "", "tool_calls": [call]}
    else:
        message = {"role": "assistant", "content": block["text"]}
    head = {"model": body.get("model", "scripted"), "created_at": _ollama_time()}
    counts = {"total_duration": 1, "prompt_eval_count": 1, "eval_count": 1}
    closing = {**head, "message": {"role": "assistant", "content": ""}, "done": True, "done_reason": "stop", **counts}
    return [{**head, "message": message, "done": False}, closing]


def _responses_item(block: dict[str, Any]) -> dict[str, Any]:
    if block["type"] == "tool_use":
        call_id = block["id"].replace("toolu_", "call_")
        namespace, _, name = block["name"].rpartition(NAMESPACED)
        return {"type": "function_call", "id": f"fc_{call_id}", "call_id": call_id, "name": name,
                **({"namespace": namespace} if namespace else {}),
                "arguments": json.dumps(block["input"]), "status": "completed"}  # fmt: skip
    text = {"type": "output_text", "text": block["text"], "annotations": []}
    return {"type": "message", "id": _answer_id("msg_"), "role": "assistant", "status": "completed", "content": [text]}


def _response(body: dict[str, Any], block: dict[str, Any]) -> dict[str, Any]:
    """A completed Responses answer with the block as its one output item (Microsoft Agent Framework reads its
    `created_at`, as every answer of the real API has one)."""
    usage = {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2}
    return {"id": _answer_id("resp_"), "object": "response", "created_at": int(time.time()),
            "model": body.get("model", "scripted"), "status": "completed", "output": [_responses_item(block)],
            "usage": usage}  # fmt: skip


def _responses_events(done: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The server-sent events of a streamed Responses answer, in the order and shape the real API sends them: the
    item is announced empty, its arguments or its text then arrive as a delta and a done event keyed by the item's
    id, and the whole item comes last (Strands Agents for TypeScript reads a call's arguments only from those
    events)."""
    (item,) = done["output"]
    started = {**done, "status": "in_progress", "output": []}
    at = {"output_index": 0, "item_id": item["id"]}
    yield "response.created", {"type": "response.created", "response": started}
    if item["type"] == "function_call":
        empty = {**item, "arguments": "", "status": "in_progress"}
        yield "response.output_item.added", {"type": "response.output_item.added", "output_index": 0, "item": empty}
        arguments = item["arguments"]
        yield "response.function_call_arguments.delta", {
            "type": "response.function_call_arguments.delta", **at, "delta": arguments}  # fmt: skip
        yield "response.function_call_arguments.done", {
            "type": "response.function_call_arguments.done", **at, "arguments": arguments}  # fmt: skip
    else:
        empty = {**item, "content": [], "status": "in_progress"}
        yield "response.output_item.added", {"type": "response.output_item.added", "output_index": 0, "item": empty}
        (part,) = item["content"]
        at = {**at, "content_index": 0}
        yield "response.content_part.added", {"type": "response.content_part.added", **at, "part": {**part, "text": ""}}
        yield "response.output_text.delta", {"type": "response.output_text.delta", **at, "delta": part["text"]}
        yield "response.output_text.done", {"type": "response.output_text.done", **at, "text": part["text"]}
        yield "response.content_part.done", {"type": "response.content_part.done", **at, "part": part}
    yield "response.output_item.done", {"type": "response.output_item.done", "output_index": 0, "item": item}
    yield "response.completed", {"type": "response.completed", "response": done}


def _named_events(events: Iterable[tuple[str, dict[str, Any]]]) -> Iterator[bytes]:
    for event, data in events:
        yield f"event: {event}\ndata: {json.dumps(data)}\n\n".encode()


def _data_events(chunks: Iterable[dict[str, Any]], end: bytes = b"") -> Iterator[bytes]:
    for chunk in chunks:
        yield f"data: {json.dumps(chunk)}\n\n".encode()
    if end:
        yield end


Shape = Callable[[dict[str, Any], dict[str, Any]], Any]  # (request body, scripted block) -> answer or its stream
ANTHROPIC_ERROR = {"type": "error", "error": {"type": "invalid_request_error"}}
OPENAI_ERROR = {"error": {"message": "invalid JSON", "type": "invalid_request_error"}}
# per API: the error for a body that is not a JSON object, the whole answer, and the streamed answer
APIS: dict[str, tuple[dict[str, Any], Shape, Shape]] = {
    "messages": (ANTHROPIC_ERROR, _message, lambda body, block: _named_events(_events(body, block))),
    "chat": (
        OPENAI_ERROR,
        _chat_completion,
        lambda body, block: _data_events(_chat_chunks(body, block), end=b"data: [DONE]\n\n"),
    ),
}


def _input_items(value: Any) -> list[Any]:
    """A Responses request's `input` as a list of items (a string is one user message)."""
    if isinstance(value, str):
        return [{"type": "message", "role": "user", "content": value}]
    return list(value) if isinstance(value, list) else []


class StoredResponses:
    """What the Responses API keeps of each answer (its `store`, on by default): a request that names a
    `previous_response_id` carries only its new items, and is read as that answer's whole conversation followed by
    them. Microsoft Agent Framework's OpenAI client continues a turn that way. A request may also name a stored output
    item by its id (`{"type": "item_reference", "id": ...}`), as the AI SDK's OpenAI provider does for the model's
    earlier tool calls and texts; such an item is read as the item it names."""

    def __init__(self) -> None:
        self.items: dict[str, list[Any]] = {}
        self.by_id: dict[str, Any] = {}

    def whole(self, body: dict[str, Any]) -> dict[str, Any]:
        earlier = self.items.get(str(body.get("previous_response_id")), [])
        items = [*earlier, *_input_items(body.get("input"))]
        named = [self._named(item) for item in items]
        return {**body, "input": named} if earlier or named != items else body

    def _named(self, item: Any) -> Any:
        if isinstance(item, dict) and item.get("type") == "item_reference":
            return self.by_id.get(str(item.get("id")), item)
        return item

    def keep(self, body: dict[str, Any], done: dict[str, Any]) -> None:
        if body.get("store", True) is not False:
            self.items[done["id"]] = [*_input_items(body.get("input")), *done["output"]]
            self.by_id.update({item["id"]: item for item in done["output"] if item.get("id")})


def create_app(log: Path | None = None) -> Starlette:
    async def read(request: Request) -> dict[str, Any] | None:
        try:
            body = json.loads(await request.body())
        except ValueError:
            return None
        return body if isinstance(body, dict) else None

    def logged(body: dict[str, Any], api: str) -> dict[str, Any]:
        block = next_turn(body)
        if log is not None:  # what the agent asked and what it was told, for reading a run afterwards
            with log.open("a", encoding="utf-8") as out:
                tools = _tool_names(body)
                out.write(json.dumps({"api": api, "tools": tools, "answer": block}) + "\n")
        return block

    def endpoint(api: str) -> Callable[[Request], Awaitable[Response]]:
        error, whole, streamed = APIS[api]

        async def answer(request: Request) -> Response:
            body = await read(request)
            if body is None:
                return JSONResponse(error, status_code=400)
            block = logged(body, api)
            if not body.get("stream"):
                return JSONResponse(whole(body, block))
            return StreamingResponse(streamed(body, block), media_type="text/event-stream")

        return answer

    stored = StoredResponses()

    async def responses(request: Request) -> Response:
        body = await read(request)
        if body is None:
            return JSONResponse(OPENAI_ERROR, status_code=400)
        body = stored.whole(body)
        done = _response(body, logged(body, "responses"))
        stored.keep(body, done)
        if not body.get("stream"):
            return JSONResponse(done)
        return StreamingResponse(_named_events(_responses_events(done)), media_type="text/event-stream")

    async def gemini(request: Request) -> Response:
        method = request.path_params["call"].rpartition(":")[2]
        if method == "countTokens":
            return JSONResponse({"totalTokens": 1})
        body = await read(request)
        if body is None or method not in ("generateContent", "streamGenerateContent"):
            return JSONResponse(
                {"error": {"code": 400, "message": "not understood", "status": "INVALID_ARGUMENT"}}, 400
            )
        answer = _gemini_response(body, logged(body, "gemini"))
        if method == "generateContent":
            return JSONResponse(answer)

        # `alt=sse`: the whole answer as one event
        return StreamingResponse(_data_events([answer]), media_type="text/event-stream")

    async def count_tokens(request: Request) -> Response:
        return JSONResponse({"input_tokens": 1})

    async def ollama_chat(request: Request) -> Response:
        body = await read(request)
        if body is None:
            return JSONResponse({"error": "invalid JSON"}, status_code=400)
        message, closing = _ollama_chat(body, logged(body, "ollama"))
        if body.get("stream") is False:  # Ollama streams unless told not to
            return JSONResponse({**closing, "message": message["message"]})
        lines = (json.dumps(part).encode() + b"\n" for part in (message, closing))
        return StreamingResponse(lines, media_type="application/x-ndjson")

    async def openai_models(request: Request) -> Response:  # an OpenAI-compatible provider's model list
        return JSONResponse({"object": "list", "data": [{"id": "scripted", "object": "model", "owned_by": "canimcp"}]})

    async def ollama_tags(request: Request) -> Response:
        return JSONResponse({"models": [{**OLLAMA_MODEL, "modified_at": _ollama_time(), "details": OLLAMA_DETAILS}]})

    async def ollama_show(request: Request) -> Response:  # a client asks whether the model takes tools (or thinks)
        return JSONResponse({"capabilities": ["completion", "tools"], "details": OLLAMA_DETAILS, "model_info": {}})

    async def ollama_version(request: Request) -> Response:
        return JSONResponse({"version": "0.0.0"})

    return Starlette(
        routes=[
            Route("/v1/messages", endpoint("messages"), methods=["POST"]),
            Route("/v1/messages/count_tokens", count_tokens, methods=["POST"]),
            *(Route(f"{prefix}/chat/completions", endpoint("chat"), methods=["POST"]) for prefix in ("/v1", "")),
            *(Route(f"{prefix}/responses", responses, methods=["POST"]) for prefix in ("/v1", "")),
            # Letta Code's local backend lists an OpenAI-compatible provider's models and takes only a listed one
            Route("/v1/models", openai_models, methods=["GET"]),
            # the Gemini API's stable version and its beta: Google's Gen AI SDK for JavaScript 3.x asks for v1
            *(Route(f"/{version}/models/{{call:path}}", gemini, methods=["POST"]) for version in ("v1beta", "v1")),
            # Ollama's own API, which its clients reach at the host's root
            Route("/api/chat", ollama_chat, methods=["POST"]),
            Route("/api/tags", ollama_tags, methods=["GET"]),
            Route("/api/show", ollama_show, methods=["POST"]),
            Route("/api/version", ollama_version, methods=["GET"]),
        ]
    )


def main(argv: list[str]) -> None:
    if not argv or not argv[0].isdigit():
        raise SystemExit("usage: python -m canimcp.harness.model PORT [LOG]")
    port, log = int(argv[0]), Path(argv[1]) if len(argv) > 1 else None
    uvicorn.run(create_app(log), host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main(sys.argv[1:])
