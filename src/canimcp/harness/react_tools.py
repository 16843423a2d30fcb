"""Tool calls written as smolagents' text actions, which txtai's agent asks its model for: txtai runs smolagents'
`ToolCallingAgent` on a model of its own that offers the API no `tools`; the agent's system message lists each tool
as a `- NAME: description` line (with `Takes inputs:` and `Returns an output of type:` lines under it) after the
sentence that says which tools the model has, and asks for every step as `Action:` followed by a JSON object with
`name` and `arguments`, a `final_answer` action ending the task. The agent then sends the step back as the model's
text followed by smolagents' own `Calling tools:` line, and the result as an `Observation:` user message, which
conversation.py reads as it reads smolagents' replayed calls. The scripted model (model.py) writes its calls in this
format where a request lists its tools this way, and its closing text as a `final_answer` action."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

LISTED = "You only have access to these tools:"  # where the tool lines start in smolagents' prompt
ASKED = "Action:"
FINAL = "final_answer"  # the action that ends the task: its answer is what the agent returns
_TOOL = re.compile(r"^- ([A-Za-z_][\w-]*): ")
_RULES = "Here are the rules"  # what follows the tool lines


def react_tools(body: dict[str, Any], text: Callable[[Any], str]) -> list[str]:
    """The names of the tools a system message lists as smolagents' prompt does, when the request offers none the
    API's way; `text` reads a message's content. `final_answer` is left out: the scripted model ends with it."""
    if body.get("tools"):
        return []
    for message in body.get("messages") or []:
        if not isinstance(message, dict) or message.get("role") != "system":
            continue
        content = text(message.get("content"))
        if LISTED not in content or ASKED not in content:
            continue
        listing = content.split(LISTED, 1)[1].split(_RULES, 1)[0]
        names = [found.group(1) for found in map(_TOOL.match, listing.splitlines()) if found]
        return [name for name in names if name != FINAL]
    return []


def as_react(block: dict[str, Any]) -> dict[str, Any]:
    """A scripted answer as a text action: a tool call as the action naming it, a closing text as `final_answer`
    (the JSON indented, so that it ends with a closing brace on a line of its own, as the prompt's examples do)."""
    if block["type"] == "tool_use":
        action = {"name": block["name"], "arguments": block["input"]}
    else:
        action = {"name": FINAL, "arguments": {"answer": block["text"]}}
    return {"type": "text", "text": f"{ASKED}\n{json.dumps(action, indent=2)}"}
