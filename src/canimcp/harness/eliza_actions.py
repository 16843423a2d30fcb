"""MCP tools offered as ElizaOS actions, which ElizaOS asks its model to name in an XML answer: `@elizaos/plugin-mcp`
makes each tool of a server an action (`PROBE_RUN_SCENARIOS`, its description ending `(MCP: probe/run_scenarios)`),
and ElizaOS's multi-step mode (`USE_MULTI_STEP`, the one that passes an action its parameters) sends one prompt as
the text of a user message, offering no `tools`: the actions under `# Available Actions with Parameters`, each as a
`## NAME` block, and asks for `<response>` holding `<thought>`, one `<action>`, its `<parameters>` as a JSON object,
`<providers>` and `<isFinish>`. The prompt of each later step lists the steps of the run so far under `# Previous
Action Results`, one `**N. NAME** - Success|Failed` entry each with the action's text (`Output:`), but not the
parameters the model gave it: the scripted model, which decides alike on the same steps, recalls those by deciding
each earlier step again (`remembered`). Its other prompts (the closing summary) ask for a `<response>` with a
`<thought>` and a `<text>`. The scripted model (model.py) writes its calls this way where a prompt lists actions so;
a listed MCP action is named `SERVER/TOOL` to the model's rules."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

ACTIONS = "# Available Actions with Parameters"
FINISH = "<isFinish>"  # a key only the multi-step decision prompt asks for
ELIZA_XML = "<thought>Your thought here</thought>"  # how every ElizaOS prompt shows the answer it wants
RESULTS = "# Previous Action Results"
ID = "eliza:"  # the ids of calls read back from a run's steps
_TOOL = re.compile(r"\(MCP: ([^/\s]+)/([^)\s]+)\)")
_STEP = re.compile(r"^\*\*(\d+)\. (\S+)\*\* - (Success|Failed)$", re.M)
_SECTION_END = re.compile(r"^(?:# |<keys>)", re.M)  # the next heading, or the keys the answer must hold


def prompt_texts(body: dict[str, Any], text: Callable[[Any], str]) -> list[str]:
    """The text of each user or system message of a request, in Chat Completions (`messages`) or Responses
    (`input`); `text` reads a content."""
    items = body.get("messages") or (body["input"] if isinstance(body.get("input"), list) else [])
    texts = [body["input"]] if isinstance(body.get("input"), str) else []
    for item in items:
        if isinstance(item, dict) and item.get("role") in ("user", "system", "developer"):
            texts.append(text(item.get("content")))
    return texts


def eliza_prompt(body: dict[str, Any], text: Callable[[Any], str]) -> bool:
    """Whether a request is an ElizaOS prompt (it offers no `tools` and shows the `<response>` it wants)."""
    return not body.get("tools") and any(ELIZA_XML in t and "<response>" in t for t in prompt_texts(body, text))


def listed_actions(body: dict[str, Any], text: Callable[[Any], str]) -> dict[str, str]:
    """`SERVER/TOOL` -> action name for each MCP action an ElizaOS multi-step decision prompt lists."""
    if not eliza_prompt(body, text):
        return {}
    listed: dict[str, str] = {}
    for content in prompt_texts(body, text):
        if FINISH in content and ACTIONS in content:
            listed.update(_actions(content))
    return listed


def eliza_decision(body: dict[str, Any], text: Callable[[Any], str]) -> bool:
    """Whether a request is ElizaOS's multi-step decision prompt (it asks whether the task is finished)."""
    return any(FINISH in content for content in prompt_texts(body, text))


def _actions(content: str) -> dict[str, str]:
    section = content.split(ACTIONS, 1)[1]
    end = _SECTION_END.search(section)
    listed = {}
    for block in (section[: end.start()] if end else section).split("\n## ")[1:]:
        name, _, description = block.partition("\n")
        tool = _TOOL.search(description)
        if tool and name.strip():
            listed[f"{tool.group(1)}/{tool.group(2)}"] = name.strip()
    return listed


def eliza_steps(text: str) -> tuple[list[tuple[str, str, dict[str, Any]]], list[tuple[str, str]]]:
    """(calls, results) of the MCP actions a decision prompt's `# Previous Action Results` lists, in order: each
    entry is one call (named `SERVER/TOOL`, its parameters unknown: `remembered` fills them) and its text."""
    if FINISH not in text or RESULTS not in text or ACTIONS not in text:
        return [], []
    names = {action: tool for tool, action in _actions(text).items()}
    section = text.split(RESULTS, 1)[1]
    end = _SECTION_END.search(section)
    section = section[: end.start()] if end else section
    calls: list[tuple[str, str, dict[str, Any]]] = []
    results: list[tuple[str, str]] = []
    steps = list(_STEP.finditer(section))
    for step, after in zip(steps, [*steps[1:], None], strict=True):
        tool = names.get(step.group(2))
        if tool is None:  # a provider, a parse error, an action that is not an MCP tool
            continue
        call_id = f"{ID}{step.group(1)}"
        calls.append((call_id, tool, {}))
        results.append((call_id, section[step.end() : after.start() if after else len(section)].strip()))
    return calls, results


def remembered(
    calls: list[tuple[str, str, dict[str, Any]]],
    decide: Callable[[list[tuple[str, str, dict[str, Any]]]], dict[str, Any] | None],
) -> list[tuple[str, str, dict[str, Any]]]:
    """The calls read back from a run's steps with the parameters the model gave each: `decide(earlier)` is the
    scripted model's turn after the calls `earlier`; where it calls the same tool as the next step did, its input is
    taken to be that step's."""
    known: list[tuple[str, str, dict[str, Any]]] = []
    for call_id, name, arguments in calls:
        if call_id.startswith(ID) and not arguments:
            block = decide(list(known))
            if block and block.get("type") == "tool_use" and block.get("name") == name:
                arguments = dict(block.get("input") or {})
        known.append((call_id, name, arguments))
    return known


def as_eliza_xml(block: dict[str, Any], listed: dict[str, str], deciding: bool) -> dict[str, Any]:
    """A scripted answer to an ElizaOS prompt: in a decision prompt (`deciding`), a call as one `<action>` with its
    `<parameters>`, or the end of the run (`<isFinish>`); in any other, the text as `<text>`."""
    if block["type"] == "tool_use" and block["name"] in listed:
        action = listed[block["name"]]
        parameters = json.dumps(block["input"])
        text = (
            f"<response>\n  <thought>Calling {action}.</thought>\n  <action>{action}</action>\n"
            f"  <parameters>{parameters}</parameters>\n  <providers></providers>\n  <isFinish>false</isFinish>\n"
            "</response>"
        )
        return {"type": "text", "text": text}
    said = block["text"] if block["type"] == "text" else ""
    if deciding:
        text = (
            f"<response>\n  <thought>{said}</thought>\n  <action></action>\n  <parameters>{{}}</parameters>\n"
            "  <providers></providers>\n  <isFinish>true</isFinish>\n</response>"
        )
    else:
        text = f"<response>\n  <thought>{said}</thought>\n  <text>{said}</text>\n</response>"
    return {"type": "text", "text": text}
