"""Fixtures the official conformance suite's server scenarios expect (`--conformance`): the tools, resources and
prompts that `@modelcontextprotocol/conformance server` calls by name. Written from the suite's scenario list; the
probe keeps recording everything as usual while the suite runs."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from . import jsonrpc

if TYPE_CHECKING:
    from .handlers import Call

PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="  # 1x1 PNG
WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA="  # a minimal WAV file
EMPTY: dict[str, Any] = {"type": "object", "properties": {}}
SCHEMA_2020_12 = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "$defs": {"address": {"type": "object", "properties": {"street": {"type": "string"}, "city": {"type": "string"}}}},
    "properties": {"name": {"type": "string"}, "address": {"$ref": "#/$defs/address"}},
    "additionalProperties": False,
}
DEFAULTS_FORM = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "description": "User name", "default": "John Doe"},
        "age": {"type": "integer", "description": "User age", "default": 30},
        "score": {"type": "number", "description": "User score", "default": 95.5},
        "status": {"type": "string", "enum": ["active", "inactive", "pending"], "default": "active"},
        "verified": {"type": "boolean", "description": "Verification status", "default": True},
    },
    "required": [],
}
CHOICES = ["option1", "option2", "option3"]
TITLED = [{"const": f"value{n}", "title": f"Choice {n}"} for n in (1, 2, 3)]
ENUMS_FORM = {
    "type": "object",
    "properties": {
        "untitledSingle": {"type": "string", "enum": CHOICES},
        "titledSingle": {"type": "string", "oneOf": TITLED},
        "legacyEnum": {"type": "string", "enum": ["opt1", "opt2", "opt3"], "enumNames": ["One", "Two", "Three"]},
        "untitledMulti": {"type": "array", "minItems": 1, "maxItems": 3, "items": {"type": "string", "enum": CHOICES}},
        "titledMulti": {"type": "array", "minItems": 1, "maxItems": 3, "items": {"anyOf": TITLED}},
    },
    "required": [],
}


def _tool(name: str, description: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"name": name, "description": description, "inputSchema": schema or EMPTY}


def conformance_tools() -> list[dict[str, Any]]:
    string = {"type": "string"}
    return [
        _tool("test_simple_text", "Returns simple text."),
        _tool("test_image_content", "Returns an image."),
        _tool("test_audio_content", "Returns audio."),
        _tool("test_embedded_resource", "Returns an embedded resource."),
        _tool("test_multiple_content_types", "Returns text, an image and a resource."),
        _tool("test_tool_with_logging", "Sends log messages while it runs."),
        _tool("test_tool_with_progress", "Reports progress while it runs."),
        _tool("test_error_handling", "Always fails."),
        _tool("test_reconnection", "Closes its SSE stream mid-call, then answers."),
        _tool("test_sampling", "Asks the client's model.", {**EMPTY, "properties": {"prompt": string}}),
        _tool("test_elicitation", "Asks the user.", {**EMPTY, "properties": {"message": string}}),
        _tool("test_elicitation_sep1034_defaults", "Asks the user with defaults."),
        _tool("test_elicitation_sep1330_enums", "Asks the user to pick from enums."),
        _tool("json_schema_2020_12_tool", "A JSON Schema 2020-12 input schema.", SCHEMA_2020_12),
    ]


def conformance_resources() -> list[dict[str, Any]]:
    return [
        {"uri": "test://static-text", "name": "static-text", "mimeType": "text/plain"},
        {"uri": "test://static-binary", "name": "static-binary", "mimeType": "image/png"},
        {"uri": "test://watched-resource", "name": "watched-resource", "mimeType": "text/plain"},
    ]


def conformance_templates() -> list[dict[str, Any]]:
    return [{"uriTemplate": "test://template/{id}/data", "name": "template", "mimeType": "application/json"}]


def conformance_prompts() -> list[dict[str, Any]]:
    def arg(name: str) -> dict[str, Any]:
        return {"name": name, "required": True}

    return [
        {"name": "test_simple_prompt", "description": "A prompt without arguments."},
        {
            "name": "test_prompt_with_arguments",
            "description": "Two arguments.",
            "arguments": [arg("arg1"), arg("arg2")],
        },
        {
            "name": "test_prompt_with_embedded_resource",
            "description": "Embeds the resource named by its argument.",
            "arguments": [arg("resourceUri")],
        },
        {"name": "test_prompt_with_image", "description": "A prompt with an image."},
    ]


def read_conformance_resource(uri: str) -> list[dict[str, Any]] | None:
    if uri == "test://static-text":
        return [{"uri": uri, "mimeType": "text/plain", "text": "This is the content of the static text resource."}]
    if uri == "test://static-binary":
        return [{"uri": uri, "mimeType": "image/png", "blob": PIXEL}]
    if uri == "test://watched-resource":
        return [{"uri": uri, "mimeType": "text/plain", "text": "Watched resource content"}]
    prefix, suffix = "test://template/", "/data"
    if uri.startswith(prefix) and uri.endswith(suffix) and len(uri) > len(prefix) + len(suffix):
        item = uri[len(prefix) : -len(suffix)]
        data = {"id": item, "templateTest": True, "data": f"Data for ID: {item}"}
        return [{"uri": uri, "mimeType": "application/json", "text": json.dumps(data)}]
    return None


def get_conformance_prompt(name: str, args: dict[str, Any]) -> dict[str, Any] | None:
    def user(content: dict[str, Any]) -> dict[str, Any]:
        return {"role": "user", "content": content}

    if name == "test_simple_prompt":
        return {"messages": [user(_text("This is a simple prompt for testing."))]}
    if name == "test_prompt_with_arguments":
        text = f"Prompt with arguments: arg1='{args.get('arg1')}', arg2='{args.get('arg2')}'"
        return {"messages": [user(_text(text))]}
    if name == "test_prompt_with_embedded_resource":
        resource = {"uri": args.get("resourceUri"), "mimeType": "text/plain", "text": "Embedded resource content."}
        return {"messages": [user({"type": "resource", "resource": resource}), user(_text("Use the resource above."))]}
    if name == "test_prompt_with_image":
        image = {"type": "image", "data": PIXEL, "mimeType": "image/png"}
        return {"messages": [user(image), user(_text("Please analyze the image above."))]}
    return None


def _text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def _result(*content: dict[str, Any]) -> dict[str, Any]:
    return {"content": list(content)}


async def call_conformance_tool(call: Call, name: str) -> dict[str, Any] | None:
    session, channel = call.session, call.channel
    resource = {"uri": "test://embedded-resource", "mimeType": "text/plain", "text": "This is an embedded resource."}
    if name == "test_simple_text":
        return _result(_text("This is a simple text response for testing."))
    if name == "test_image_content":
        return _result({"type": "image", "data": PIXEL, "mimeType": "image/png"})
    if name == "test_audio_content":
        return _result({"type": "audio", "data": WAV, "mimeType": "audio/wav"})
    if name == "test_embedded_resource":
        return _result({"type": "resource", "resource": resource})
    if name == "test_multiple_content_types":
        mixed = {"uri": "test://mixed-content-resource", "mimeType": "application/json", "text": '{"test":"data"}'}
        image = {"type": "image", "data": PIXEL, "mimeType": "image/png"}
        return _result(_text("Multiple content types test:"), image, {"type": "resource", "resource": mixed})
    if name == "test_tool_with_logging":
        for data in ("Tool execution started", "Tool processing data", "Tool execution completed"):
            params: dict[str, Any] = {"level": "info", "logger": "canimcp-probe", "data": data}
            await session.send(jsonrpc.notification("notifications/message", params), channel)
            await asyncio.sleep(0.05)
        return _result(_text("Tool with logging executed successfully"))
    if name == "test_tool_with_progress":
        meta = call.params.get("_meta")
        token = meta.get("progressToken", 0) if isinstance(meta, dict) else 0
        for step in (0, 50, 100):
            params = {
                "progressToken": token,
                "progress": step,
                "total": 100,
                "message": f"Completed step {step} of 100",
            }
            await session.send(jsonrpc.notification("notifications/progress", params), channel)
            await asyncio.sleep(0.05)
        return _result(_text(str(token)))
    if name == "test_error_handling":
        return {"content": [_text("This tool intentionally returns an error for testing")], "isError": True}
    if name == "test_reconnection":
        await asyncio.sleep(0.1)
        return _result(_text("Reconnection test completed successfully."))
    if name == "test_sampling":
        prompt = call.arg("prompt") or "Hello"
        params = {"messages": [{"role": "user", "content": _text(str(prompt))}], "maxTokens": 100}
        answer = await session.request("sampling/createMessage", params, channel, session.config.answer_timeout)
        content = (answer or {}).get("result", {}).get("content", {})
        return _result(
            _text(f"LLM response: {content.get('text', 'No response') if isinstance(content, dict) else ''}")
        )
    elicitations = {
        "test_elicitation": {
            "type": "object",
            "properties": {"response": {"type": "string", "description": "User's response"}},
            "required": ["response"],
        },
        "test_elicitation_sep1034_defaults": DEFAULTS_FORM,
        "test_elicitation_sep1330_enums": ENUMS_FORM,
    }
    if name in elicitations:
        message = call.arg("message") or "Please fill in the form"
        params = {"mode": "form", "message": str(message), "requestedSchema": elicitations[name]}
        answer = await session.request("elicitation/create", params, channel, session.config.answer_timeout)
        result = (answer or {}).get("result") or {}
        summary = f"action={result.get('action')}, content={json.dumps(result.get('content') or {})}"
        return _result(_text(f"Elicitation completed: {summary}"))
    if name == "json_schema_2020_12_tool":
        return _result(_text(f"JSON Schema 2020-12 tool called with: {json.dumps(call.params.get('arguments') or {})}"))
    return None
