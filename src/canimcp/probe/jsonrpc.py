"""A small JSON-RPC 2.0 core: parse exactly what arrived, classify it, build responses.

The probe owns this layer instead of using the `mcp` SDK's server so that it sees the bytes before any model
validation (the SDK drops or rejects messages a real client may send) — see docs/probe.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
HEADER_MISMATCH = -32020
UNSUPPORTED_PROTOCOL_VERSION = -32022
SERVER_BUSY = -32000  # implementation-defined range: too many sessions, message too large, time limit

Kind = Literal["request", "notification", "response", "invalid"]


class RpcError(Exception):
    """Raised by a handler to answer with a JSON-RPC error."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data


@dataclass
class Message:
    kind: Kind
    obj: Any
    id: Any = None
    method: str | None = None
    params: Any = None
    problem: str | None = None  # why an `invalid` message is invalid

    @property
    def has_id(self) -> bool:
        return isinstance(self.obj, dict) and "id" in self.obj


def encode(obj: Any) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode()


def error(id_: Any, code: int, message: str, data: Any = None) -> dict[str, Any]:
    err: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        err["data"] = data
    return {"jsonrpc": "2.0", "id": id_, "error": err}


def result(id_: Any, value: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id_, "result": value}


def request(id_: Any, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    msg: dict[str, Any] = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        msg["params"] = params
    return msg


def notification(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    msg: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        msg["params"] = params
    return msg


def parse(raw: bytes) -> Any:
    """The parsed JSON value, or raise ValueError (bad UTF-8 or bad JSON). Duplicate keys: the last one wins."""
    return json.loads(raw.decode("utf-8"))


def valid_id(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def classify(obj: Any) -> Message:
    """What one JSON value is. Lenient where real clients are sloppy (a missing `jsonrpc` is accepted), strict
    where the answer would be ambiguous (ids must be strings or integers)."""
    if not isinstance(obj, dict):
        return Message("invalid", obj, problem="a JSON-RPC message must be an object")
    id_ = obj.get("id")
    known = id_ if valid_id(id_) else None  # an id that is a list or an object names nothing that can be looked up
    if obj.get("jsonrpc", "2.0") != "2.0":
        return Message("invalid", obj, id=known, problem="jsonrpc must be '2.0'")
    method = obj.get("method")
    if method is not None:
        if not isinstance(method, str):
            return Message("invalid", obj, id=known, problem="method must be a string")
        params = obj.get("params")
        if params is not None and not isinstance(params, dict | list):
            return Message("invalid", obj, id=known, problem="params must be structured")
        if "id" not in obj:
            return Message("notification", obj, method=method, params=params)
        if known is None:
            return Message("invalid", obj, problem="id must be a string or an integer")
        return Message("request", obj, id=known, method=method, params=params)
    if "result" in obj or "error" in obj:
        return Message("response", obj, id=known)
    return Message("invalid", obj, id=known, problem="neither a request nor a response")
