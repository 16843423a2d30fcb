"""The tool calls and tool results a model API request carries, in each of the APIs the scripted model speaks
(Anthropic Messages, OpenAI Chat Completions and Responses, Gemini, Ollama's chat): what the scripted model reads to
decide its next turn (model.py) and its context checks (context_checks.py)."""

from __future__ import annotations

import ast
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .action_tools import action_steps
from .eliza_actions import eliza_steps
from .field_tools import field_steps
from .gateway_tools import gateway_call
from .shell_tools import shell_call
from .text_tools import written_calls, written_results
from .union_tools import union_steps, union_tools
from .xml_tools import mcp_calls, mcp_results

NAMESPACED = "."  # between a Responses namespace and a tool's name in it
# smolagents' ToolCallingAgent replays its earlier steps as text: an assistant message with its tool calls (the
# Python repr of a list of Chat Completions calls) after this line, then a user message with what came back
REPLAYED_CALLS = "Calling tools:\n"
REPLAYED_RESULTS = ("Observation:\n", "Error:\n")


@dataclass(frozen=True)
class Conversation:
    # (call id, tool name, arguments) of every tool call, and (call id, content) of every tool result, in order
    calls: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)
    results: list[tuple[str, Any]] = field(default_factory=list)


def conversation(body: dict[str, Any]) -> Conversation:
    """The tool calls and results of a request. Gemini's and Ollama's carry no ids, so the n-th response named N is
    taken to answer the n-th call named N, and calls written as text (text_tools.py, xml_tools.py) are answered in
    the order made; a Responses call in a namespace is named `namespace<NAMESPACED>name`."""
    said = Conversation()
    unnamed = ByNameAndOrder("named")  # Ollama's calls and results, which carry no ids
    replayed: list[str] = []  # ids of calls replayed as text, not yet followed by their result
    written: list[str] = []  # ids of calls written as text (text_tools.py), not yet answered
    for message in body.get("messages") or []:
        if not isinstance(message, dict):
            continue
        text = message_text(message.get("content"))
        replay = _replay_start(text) if message.get("role") == "assistant" else -1
        if replay >= 0:
            for call_id, name, args in _replayed(text[replay + len(REPLAYED_CALLS) :]):
                said.calls.append((call_id, name, args))
                replayed.append(call_id)
        elif message.get("role") == "user" and replayed and text.startswith(REPLAYED_RESULTS):
            said.results.extend((call_id, text) for call_id in replayed)  # one text answers the step's calls
            replayed = []
        if message.get("role") == "assistant":
            for name, args in [*written_calls(text), *mcp_calls(message, text)]:
                written.append(f"text:{len(said.calls) + 1}")
                said.calls.append((written[-1], name, args))
        elif message.get("role") == "user":
            for result in [*written_results(text), *mcp_results(message, text)]:
                said.results.append((written.pop(0) if written else "text:unasked", result))
            steps, observations = field_steps(text)  # a trajectory given as named fields (field_tools.py)
            said.calls.extend(steps)
            said.results.extend(observations)
            steps, outcomes = action_steps(text)  # an agent history with the model's notes (action_tools.py)
            said.calls.extend(steps)
            said.results.extend(outcomes)
            steps, answers = eliza_steps(text)  # an ElizaOS run's steps so far (eliza_actions.py)
            said.calls.extend(steps)
            said.results.extend(answers)
        for call in message.get("tool_calls") or []:  # Chat Completions (and Ollama's chat API)
            function = call.get("function") if isinstance(call, dict) else None
            if isinstance(function, dict):
                name = str(function.get("name"))
                call_id = call.get("id")
                if call_id is None:  # Ollama's calls carry no id
                    call_id = unnamed.call(name)
                said.calls.append((str(call_id), name, _args(function.get("arguments"))))
        if message.get("role") == "tool":
            result_id = message.get("tool_call_id")
            if result_id is None and message.get("tool_name"):  # Ollama names the tool a result answers
                result_id = unnamed.result(str(message["tool_name"]))
            said.results.append((str(result_id), message.get("content")))
        content = message.get("content")
        for block in content if isinstance(content, list) else ():  # Messages
            if isinstance(block, dict) and block.get("type") == "tool_use":
                said.calls.append((str(block.get("id")), str(block.get("name")), _args(block.get("input"))))
            elif isinstance(block, dict) and block.get("type") == "tool_result":
                said.results.append((str(block.get("tool_use_id")), block.get("content")))
    if union_tools(body):  # calls written in the answers of a forced function (union_tools.py)
        steps, answers = union_steps(body, message_text)
        said.calls.extend(steps)
        said.results.extend(answers)
    items = body.get("input")
    for item in items if isinstance(items, list) else ():  # Responses
        if not isinstance(item, dict):
            continue
        if item.get("type", "message") == "message" and item.get("role") == "user":
            steps, answers = eliza_steps(message_text(item.get("content")))  # ElizaOS's prompt (eliza_actions.py)
            said.calls.extend(steps)
            said.results.extend(answers)
        elif item.get("type") == "function_call":
            name = str(item.get("name"))
            if item.get("namespace"):
                name = f"{item['namespace']}{NAMESPACED}{name}"
            said.calls.append((str(item.get("call_id")), name, _args(item.get("arguments"))))
        elif item.get("type") == "function_call_output":
            said.results.append((str(item.get("call_id")), item.get("output")))
    gemini = ByNameAndOrder("gemini")
    for content in body.get("contents") or []:  # Gemini
        for part in (content.get("parts") or []) if isinstance(content, dict) else ():
            call = part.get("functionCall") if isinstance(part, dict) else None
            response = part.get("functionResponse") if isinstance(part, dict) else None
            if isinstance(call, dict):
                name = str(call.get("name"))
                said.calls.append((gemini.call(name), name, _args(call.get("args"))))
            elif isinstance(response, dict):
                said.results.append((gemini.result(str(response.get("name"))), response.get("response")))
    said.calls[:] = map(shell_call, said.calls)  # a shell command that calls an MCP tool (shell_tools.py)
    said.calls[:] = map(gateway_call, said.calls)  # a call through an MCP gateway tool (gateway_tools.py)
    return said


class ByNameAndOrder:
    """Ids for calls and results that carry none (Gemini's, Ollama's): the n-th result naming a tool answers the
    n-th call of it."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.asked: Counter[str] = Counter()
        self.answered: Counter[str] = Counter()

    def call(self, name: str) -> str:
        self.asked[name] += 1
        return f"{self.prefix}:{name}:{self.asked[name]}"

    def result(self, name: str) -> str:
        self.answered[name] += 1
        return f"{self.prefix}:{name}:{self.answered[name]}"


def _args(value: Any) -> dict[str, Any]:
    if isinstance(value, str):  # Chat Completions and Responses carry the arguments as JSON text
        try:
            value = json.loads(value)
        except ValueError:
            return {}
    return value if isinstance(value, dict) else {}


def message_text(content: Any) -> str:
    """A message's text: a string, or the text blocks of a list joined."""
    if isinstance(content, str):
        return content
    blocks = content if isinstance(content, list) else ()
    return "".join(str(b.get("text", "")) for b in blocks if isinstance(b, dict))


def _replay_start(text: str) -> int:
    """Where smolagents' replayed calls start in an assistant message's text: at its start, or on a line after the
    model's own text (txtai's agent, whose model writes each call as an `Action:`, react_tools.py); -1 if nowhere."""
    if text.startswith(REPLAYED_CALLS):
        return 0
    at = text.find("\n" + REPLAYED_CALLS)
    return at + 1 if at >= 0 else -1


def _replayed(text: str) -> list[tuple[str, str, dict[str, Any]]]:
    """(call id, tool name, arguments) of the calls in smolagents' text form; none if it does not read as one."""
    try:
        calls = ast.literal_eval(text.strip())
    except (ValueError, SyntaxError):
        return []
    found = []
    for call in calls if isinstance(calls, list) else ():
        function = call.get("function") if isinstance(call, dict) else None
        if isinstance(function, dict):
            found.append((str(call.get("id")), str(function.get("name")), _args(function.get("arguments"))))
    return found
