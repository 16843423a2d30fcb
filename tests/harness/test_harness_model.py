"""The scripted model (harness/model.py): its one rule, and the Messages API it speaks, served for real on
loopback. Claude Code itself talking to it is in test_harness_cli.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from canimcp.harness.context_checks import names_tool
from canimcp.harness.model import CALLS, next_turn
from loopback import free_port, wait_until_serving

TOOL = "mcp__probe__run_scenarios"
OFFERED = [{"name": "Bash"}, {"name": TOOL}, {"name": "mcp__probe__echo"}]


def call(n: int) -> dict[str, Any]:
    return {"role": "assistant", "content": [{"type": "tool_use", "id": f"t{n}", "name": TOOL, "input": {}}]}


def result(n: int, error: bool) -> dict[str, Any]:
    # what Claude Code passes back: the probe's text, or the error the client raised when it abandoned the call
    text = "MCP error -32600: Sampling not supported" if error else "Scenarios done; answered in the last round: x."
    block = {
        "type": "tool_result",
        "tool_use_id": f"t{n}",
        "is_error": error,
        "content": [{"type": "text", "text": text}],
    }
    return {"role": "user", "content": [block]}


def test_it_calls_run_scenarios_until_the_call_completes() -> None:
    hi = {"role": "user", "content": "hi"}
    first = next_turn({"tools": OFFERED, "messages": [hi]})
    assert (first["type"], first["name"], first["input"]) == ("tool_use", TOOL, {})
    # a failed call (the client abandoned it at a refused input request) is made again
    again = next_turn({"tools": OFFERED, "messages": [hi, call(1), result(1, error=True)]})
    assert again["type"] == "tool_use" and again["id"] != first["id"]
    # a completed call ends the session with text
    assert next_turn({"tools": OFFERED, "messages": [hi, call(1), result(1, True), call(2), result(2, False)]}) == {
        "type": "text",
        "text": "Done.",
    }
    # never more than CALLS calls, however often they fail
    failing = [m for n in range(1, CALLS + 1) for m in (call(n), result(n, True))]
    assert next_turn({"tools": OFFERED, "messages": [hi, *failing]})["type"] == "text"


def test_chat_completions_conversations_count_the_same() -> None:
    tools = [{"type": "function", "function": {"name": "run_scenarios"}}]
    hi = {"role": "user", "content": "hi"}

    def asked(n: int) -> dict[str, Any]:
        call = {"id": f"c{n}", "type": "function", "function": {"name": "run_scenarios", "arguments": "{}"}}
        return {"role": "assistant", "content": None, "tool_calls": [call]}

    def told(n: int, text: str) -> dict[str, Any]:
        return {"role": "tool", "tool_call_id": f"c{n}", "content": text}

    assert next_turn({"tools": tools, "messages": [hi]})["type"] == "tool_use"
    failed = [hi, asked(1), told(1, "Error: MCP error -32600: List roots not supported")]
    assert next_turn({"tools": tools, "messages": failed})["type"] == "tool_use"
    finished = [*failed, asked(2), told(2, "Scenarios done.\nroots: supported")]
    assert next_turn({"tools": tools, "messages": finished})["type"] == "text"


def test_a_required_choice_the_agent_added_is_filled_with_its_first_value() -> None:
    """OpenHands adds a required `security_risk` enum to every tool and refuses a call without it; a choice that is
    optional, or required without an enum, is left alone."""
    schema = {
        "type": "object",
        "properties": {
            "security_risk": {"type": "string", "enum": ["LOW", "MEDIUM", "HIGH"]},
            "tone": {"type": "string", "enum": ["dry", "warm"]},
            "summary": {"type": "string"},
        },
        "required": ["security_risk", "summary"],
    }
    tools = [{"type": "function", "function": {"name": "run_scenarios", "parameters": schema}}]
    turn = next_turn({"tools": tools, "messages": [{"role": "user", "content": "hi"}]})
    assert (turn["type"], turn["name"], turn["input"]) == ("tool_use", "run_scenarios", {"security_risk": "LOW"})
    # the probe's own tools have no such parameter: their calls are as before
    assert next_turn({"tools": OFFERED, "messages": [{"role": "user", "content": "hi"}]})["input"] == {}


def test_calls_and_results_replayed_as_text_count_too() -> None:
    """smolagents' ToolCallingAgent sends its earlier steps back as text, not as tool messages: the calls as the
    Python repr of a list after "Calling tools:", then "Observation:" (or "Error:") with what came back. Read that
    way, a finished run_scenarios leads to the context checks instead of a twentieth call."""
    from canimcp.harness.conversation import conversation

    tools = [{"type": "function", "function": {"name": n}} for n in ("run_scenarios", "failing_tool")]
    hi = {"role": "user", "content": [{"type": "text", "text": "hi"}]}

    def step(n: int, back: str) -> list[dict[str, Any]]:
        calls = [{"id": f"call_{n}", "type": "function", "function": {"name": "run_scenarios", "arguments": {}}}]
        return [
            {"role": "assistant", "content": [{"type": "text", "text": "Calling tools:\n" + str(calls)}]},
            {"role": "user", "content": [{"type": "text", "text": back}]},
        ]

    refused = [hi, *step(1, "Error:\nMCP error -32600: List roots not supported")]
    said = conversation({"messages": refused})
    assert said.calls == [("call_1", "run_scenarios", {})]
    assert said.results == [("call_1", "Error:\nMCP error -32600: List roots not supported")]
    assert next_turn({"tools": tools, "messages": refused})["name"] == "run_scenarios"
    done = [*refused, *step(2, "Observation:\nScenarios done.\nroots: unsupported")]
    assert next_turn({"tools": tools, "messages": done})["name"] == "failing_tool"
    # text that only looks like it (not a list literal, or no result yet) is no call and no result
    odd = [hi, {"role": "assistant", "content": "Calling tools:\nrun_scenarios please"}]
    assert conversation({"messages": [*odd, {"role": "user", "content": "Observation:\nx"}]}).calls == []


def test_tools_listed_as_smolagents_text_are_called_with_an_action_and_ended_with_final_answer() -> None:
    """txtai's agent offers the API no `tools`: its system message lists each tool as a `- NAME: ...` line and asks
    for every step as `Action:` and a JSON object. It sends the step back as the model's text followed by
    smolagents' "Calling tools:" line, and the result as an "Observation:" message. The scripted model answers with
    an action, reads such turns back as calls and results, and ends with a `final_answer` action."""
    from canimcp.harness.conversation import conversation

    system = {
        "role": "system",
        "content": 'Solve the task step by step.\nAction:\n{"name": "tool", "arguments": {}}\n'
        "You only have access to these tools:\n- run_scenarios: Run the probe's scenarios.\n    Takes inputs: {}\n"
        "- failing_tool: Fails.\n- final_answer: Gives the final answer.\nHere are the rules you should follow.",
    }
    hi = {"role": "user", "content": "hi"}

    def step(n: int, back: str) -> list[dict[str, Any]]:
        calls = [{"id": f"call_{n}", "type": "function", "function": {"name": "run_scenarios", "arguments": {}}}]
        said = 'Action:\n{"name": "run_scenarios", "arguments": {}}\nCalling tools:\n' + str(calls)
        return [{"role": "assistant", "content": said}, {"role": "user", "content": back}]

    first = next_turn({"messages": [system, hi]})
    assert first["type"] == "text" and first["text"].startswith("Action:\n")
    assert json.loads(first["text"].removeprefix("Action:\n")) == {"name": "run_scenarios", "arguments": {}}
    refused = [system, hi, *step(1, "Error:\nList roots not supported")]
    said = conversation({"messages": refused})  # the model's own text before the replayed line is no second call
    assert said.calls == [("call_1", "run_scenarios", {})]
    assert said.results == [("call_1", "Error:\nList roots not supported")]
    assert json.loads(next_turn({"messages": refused})["text"].removeprefix("Action:\n"))["name"] == "run_scenarios"
    done = [*refused, *step(2, "Observation:\nScenarios done.\nroots: unsupported")]
    assert json.loads(next_turn({"messages": done})["text"].removeprefix("Action:\n"))["name"] == "failing_tool"
    # once nothing is left to call, the answer is the final_answer action; with tools offered the API's way, the
    # listing in the prompt changes nothing
    finished = [system, hi, *step(1, "Observation:\nScenarios done.")]
    last = finished
    for _ in range(CALLS):
        answer = next_turn({"messages": last})
        action = json.loads(answer["text"].removeprefix("Action:\n"))
        if action["name"] == "final_answer":
            break
        n = len(last)
        calls = [{"id": f"c{n}", "type": "function", "function": {"name": action["name"], "arguments": {}}}]
        back = answer["text"] + "\nCalling tools:\n" + str(calls)
        last = [*last, {"role": "assistant", "content": back}, {"role": "user", "content": "Observation:\nok"}]
    assert action["name"] == "final_answer" and isinstance(action["arguments"]["answer"], str)
    offered = [{"type": "function", "function": {"name": "run_scenarios"}}]
    assert next_turn({"tools": offered, "messages": [system, hi]})["type"] == "tool_use"


def test_mcp_tools_behind_the_agents_shell_are_listed_then_called_with_letta_mcp_commands() -> None:
    """Letta Code offers its model no MCP tool: a reminder names the servers and the `letta mcp` commands, which the
    agent runs with its Bash tool. The scripted model lists each named server's tools once, then writes every call
    as a `letta mcp call` command, and reads such commands back as calls of the tools they name."""
    import shlex

    from canimcp.harness.conversation import conversation

    bash = [{"type": "function", "function": {"name": "Bash"}}]
    system = {
        "role": "system",
        "content": "<system-reminder>MCP servers with available tools: probe\nUse `letta mcp tools <server>`, then "
        "`letta mcp call <tool> --args '<json>'`.</system-reminder>",
    }
    hi = {"role": "user", "content": "hi"}

    def ran(n: int, command: str, printed: str) -> list[dict[str, Any]]:
        call = {
            "id": f"b{n}",
            "type": "function",
            "function": {"name": "Bash", "arguments": json.dumps({"command": command})},
        }
        return [
            {"role": "assistant", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": f"b{n}", "content": printed},
        ]

    first = next_turn({"tools": bash, "messages": [system, hi]})
    assert first["name"] == "Bash" and shlex.split(first["input"]["command"]) == ["letta", "mcp", "tools", "probe"]
    listing = json.dumps([{"name": "mcp__probe__run_scenarios"}, {"name": "mcp__probe__failing_tool"}])
    listed = [system, hi, *ran(1, first["input"]["command"], listing)]
    second = next_turn({"tools": bash, "messages": listed})
    words = shlex.split(second["input"]["command"])
    assert second["name"] == "Bash" and words[:4] == ["letta", "mcp", "call", "mcp__probe__run_scenarios"]
    assert json.loads(words[words.index("--args") + 1]) == {}
    done = [*listed, *ran(2, second["input"]["command"], '{"content": [{"type": "text", "text": "Scenarios done."}]}')]
    said = conversation({"tools": bash, "messages": done})
    assert ("b2", "mcp__probe__run_scenarios", {}) in said.calls  # the command read as a call of the tool it names
    third = shlex.split(next_turn({"tools": bash, "messages": done})["input"]["command"])
    assert third[:4] == ["letta", "mcp", "call", "mcp__probe__failing_tool"]
    # a command whose quoting is broken is left as the shell call it is
    broken = [system, hi, *ran(1, "letta mcp call mcp__probe__echo --args '{", "")]
    assert conversation({"tools": bash, "messages": broken}).calls[0][1] == "Bash"
    # Bash without the reminder is an ordinary tool: the model does not reach for the letta command
    plain = next_turn({"tools": [*bash, {"type": "function", "function": {"name": "run_scenarios"}}], "messages": [hi]})
    assert plain["name"] == "run_scenarios"


def test_mcp_tools_behind_a_gateway_tool_are_listed_then_called_through_it() -> None:
    """pi-mcp-adapter offers its model one `mcp` tool whose description names the servers: the scripted model lists
    each server's tools through it once, then makes every call as `mcp({tool, args})`, and reads such calls back as
    calls of the tools they name. Offered directly (`directTools`), the probe's tools are called directly."""
    from canimcp.harness.conversation import conversation
    from canimcp.harness.gateway_tools import gateway_call

    gateway = {"name": "mcp", "description": "MCP gateway: list a server's tools, then call one.\nServers: probe"}
    tools = [{"type": "function", "function": {"name": "read"}}, {"type": "function", "function": gateway}]
    hi = {"role": "user", "content": "hi"}

    def used(n: int, arguments: dict[str, Any], answer: str) -> list[dict[str, Any]]:
        call = {"id": f"g{n}", "type": "function", "function": {"name": "mcp", "arguments": json.dumps(arguments)}}
        return [
            {"role": "assistant", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": f"g{n}", "content": answer},
        ]

    first = next_turn({"tools": tools, "messages": [hi]})
    assert (first["name"], first["input"]) == ("mcp", {"server": "probe"})
    listing = "probe (2 tools)\n- probe_run_scenarios - Run the probe's scenarios\n- probe_failing_tool - Fails"
    listed = [hi, *used(1, first["input"], listing)]
    second = next_turn({"tools": tools, "messages": listed})
    assert (second["name"], second["input"]) == ("mcp", {"tool": "probe_run_scenarios", "args": {}})
    done = [*listed, *used(2, second["input"], "Scenarios done; answered in the last round: nothing.")]
    assert ("g2", "probe_run_scenarios", {}) in conversation({"tools": tools, "messages": done}).calls
    third = next_turn({"tools": tools, "messages": done})
    assert (third["name"], third["input"]["tool"]) == ("mcp", "probe_failing_tool")
    # arguments given as JSON text are read too; a listing or another tool's call stays as it is
    assert gateway_call(("c", "mcp", {"tool": "probe_echo", "args": '{"text": "hi"}'})) == (
        "c",
        "probe_echo",
        {"text": "hi"},
    )
    assert gateway_call(("c", "mcp", {"server": "probe"})) == ("c", "mcp", {"server": "probe"})
    # the probe's tools offered directly beside the gateway: called directly
    direct = [*tools, {"type": "function", "function": {"name": "probe_run_scenarios"}}]
    assert next_turn({"tools": direct, "messages": [hi]})["name"] == "probe_run_scenarios"
    # a tool named `mcp` that is not the gateway is an ordinary tool: no listing call through it
    other = [{"type": "function", "function": {"name": "mcp", "description": "Minecraft Pi"}}]
    assert next_turn({"tools": other, "messages": [hi]})["type"] == "text"


def test_tools_listed_and_called_as_text_are_answered_as_text() -> None:
    """Qwen-Agent's default prompt offers no `tools`: it lists them in the system message between <tools> tags (its
    prose names the tags too), reads a call from <tool_call> tags in the answer's text and sends the result back in
    a user message between <tool_response> tags. The scripted model answers in kind, and counts such turns."""
    from canimcp.harness.conversation import conversation

    listing = "\n".join(
        json.dumps({"type": "function", "function": {"name": n, "parameters": {"type": "object"}}})
        for n in ("probe-run_scenarios", "probe-failing_tool")
    )
    system = {
        "role": "system",
        "content": f"# Tools\n\nSignatures within <tools></tools> XML tags:\n<tools>\n{listing}\n</tools>\n\n"
        'Return each call within <tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>}\n'
        "</tool_call>",
    }
    hi = {"role": "user", "content": [{"text": "hi"}]}

    def step(back: str) -> list[dict[str, Any]]:
        asked = '<tool_call>\n{"name": "probe-run_scenarios", "arguments": {}}\n</tool_call>'
        told = [{"text": "<tool_response>\n"}, {"text": back}, {"text": "\n</tool_response>"}]
        return [{"role": "assistant", "content": asked}, {"role": "user", "content": told}]

    first = next_turn({"messages": [system, hi]})
    assert first["type"] == "text"
    assert json.loads(first["text"].removeprefix("<tool_call>").removesuffix("</tool_call>")) == {
        "name": "probe-run_scenarios",
        "arguments": {},
    }
    refused = [system, hi, *step("MCP error -32600: List roots not supported")]
    said = conversation({"messages": refused})  # the system message's example call is not one
    assert said.calls == [("text:1", "probe-run_scenarios", {})]
    assert said.results == [("text:1", "MCP error -32600: List roots not supported")]
    assert "probe-run_scenarios" in next_turn({"messages": refused})["text"]
    done = [*refused, *step("Scenarios done.\nroots: unsupported")]
    assert '"name": "probe-failing_tool"' in next_turn({"messages": done})["text"]
    # with the tools offered the API's way, a listing in the prose changes nothing
    offered = [{"type": "function", "function": {"name": "probe-run_scenarios"}}]
    assert next_turn({"tools": offered, "messages": [system, hi]})["type"] == "tool_use"


def test_mcp_tools_listed_in_the_prompt_are_called_with_a_use_mcp_tool_tag() -> None:
    """y-cli's chat offers no `tools`: its system message explains the <use_mcp_tool> tag and lists each server's
    tools under `## SERVER` / `### Available Tools`. It takes the tag out of the answer it keeps, holding the call as
    `server`, `tool` and `arguments` keys, and sends the result as a user message with the same keys. The scripted
    model answers with the tag, and reads such turns back as calls and results."""
    from canimcp.harness.conversation import conversation

    system = {
        "role": "system",
        "content": "Call a tool of a connected server like this:\n<use_mcp_tool>\n<server_name>name</server_name>\n"
        "<tool_name>tool</tool_name>\n<arguments>{}</arguments>\n</use_mcp_tool>\n\n# Connected servers\n\n"
        "## probe\n### Available Tools\n- run_scenarios: Run the probe's scenarios.\n- failing_tool: Fails.\n\n"
        "## notes\n### Available Tools\n- run_scenarios: Another server's tool of the same name.\n",
    }
    hi = {"role": "user", "content": "hi"}

    def step(back: str) -> list[dict[str, Any]]:
        kept = {"server": "probe", "tool": "run_scenarios", "arguments": {}}
        return [{"role": "assistant", "content": "", **kept}, {"role": "user", "content": back, **kept}]

    first = next_turn({"messages": [system, hi]})
    assert first["type"] == "text"
    assert "<server_name>probe</server_name>" in first["text"]
    assert "<tool_name>run_scenarios</tool_name>" in first["text"]
    refused = [system, hi, *step("Error: List roots not supported")]
    said = conversation({"messages": refused})  # the system message's example tag is not a call
    assert said.calls == [("text:1", "probe/run_scenarios", {})]
    assert said.results == [("text:1", "Error: List roots not supported")]
    assert "<tool_name>run_scenarios</tool_name>" in next_turn({"messages": refused})["text"]
    done = [*refused, *step("Scenarios done.\nroots: unsupported")]
    assert "<tool_name>failing_tool</tool_name>" in next_turn({"messages": done})["text"]
    # a tag the model wrote and the client left in the text counts as a call too
    written = {"role": "assistant", "content": first["text"]}
    assert conversation({"messages": [system, hi, written]}).calls == [("text:1", "probe/run_scenarios", {})]
    # with the tools offered the API's way, a listing in the prose changes nothing
    offered = [{"type": "function", "function": {"name": "probe__run_scenarios"}}]
    assert next_turn({"tools": offered, "messages": [system, hi]})["type"] == "tool_use"


def test_mcp_tools_listed_as_elizaos_actions_are_called_with_an_action_and_its_parameters() -> None:
    """ElizaOS's multi-step mode offers no `tools` (Responses API, one user message): its prompt lists each action
    under `# Available Actions with Parameters`, the MCP plugin's ending `(MCP: SERVER/TOOL)`, and asks for one
    `<action>` with JSON `<parameters>`. Each later prompt lists the run's steps under `# Previous Action Results`
    with their output but not the parameters given, which the scripted model recalls by deciding each step again."""
    from canimcp.harness.conversation import conversation

    actions = (
        "# Available Actions with Parameters\n## REPLY\nReplies to the current conversation.\n\n---\n\n"
        "## PROBE_RUN_SCENARIOS\nRun canimcp's probe scenarios. (MCP: probe/run_scenarios)\n\n---\n\n"
        "## PROBE_FAILING_TOOL\nAlways fails (isError). (MCP: probe/failing_tool)\n\n---\n\n"
        "## PROBE_REPORT_NONCE\nReport a nonce. (MCP: probe/report_nonce)\n\n**Parameters:**\n"
        "- `nonce` (required): string - Parameter: nonce\n\n\n# Available Providers\n- **MCP**: Connected MCP servers\n"
    )
    answer = (
        '<output>\n<response>\n  <thought>Your thought here</thought>\n  <action>ACTION_NAME or ""</action>\n'
        '  <parameters>\n    {\n      "param1": "value1"\n    }\n  </parameters>\n  <providers>PROVIDER1</providers>\n'
        "  <isFinish>true | false</isFinish>\n</response>\n</output>"
    )

    def decision(*steps: tuple[str, str, str]) -> dict[str, Any]:
        done = "\n\n".join(
            f"**{n}. {name}** - {status}\n   Output: {out}" for n, (name, status, out) in enumerate(steps, 1)
        )
        results = f"# Previous Action Results\n{done}" if steps else "No previous action results available."
        prompt = f"<task>\nDetermine the next step.\n</task>\n\n{actions}\n{results}\n\n<keys>\n</keys>\n\n{answer}"
        return {"model": "gpt-4o", "input": [{"role": "user", "content": [{"type": "input_text", "text": prompt}]}]}

    first = next_turn(decision())
    assert "<action>PROBE_RUN_SCENARIOS</action>" in first["text"]
    assert "<parameters>{}</parameters>" in first["text"] and "<isFinish>false</isFinish>" in first["text"]
    ran = ("PROBE_RUN_SCENARIOS", "Success", "Scenarios done.\nroots: unsupported")
    said = conversation(decision(ran))  # the listing's own example answer and REPLY are no calls
    assert said.calls == [("eliza:1", "probe/run_scenarios", {})]
    assert said.results == [("eliza:1", "Output: Scenarios done.\nroots: unsupported")]
    assert "<action>PROBE_FAILING_TOOL</action>" in next_turn(decision(ran))["text"]
    failed = ("PROBE_FAILING_TOOL", "Failed", "This tool failed on purpose. Nonce: cmcp-err-0123abcd")
    reported = next_turn(decision(ran, failed))["text"]
    assert "<action>PROBE_REPORT_NONCE</action>" in reported
    assert '<parameters>{"nonce": "cmcp-err-0123abcd"}</parameters>' in reported
    # the step shows no parameters: the model recalls that it reported that nonce, and goes on to the next report
    recorded = ("PROBE_REPORT_NONCE", "Success", "Nonce recorded.")
    assert '{"nonce": "unseen:instr"}' in next_turn(decision(ran, failed, recorded))["text"]
    unseen = ("PROBE_REPORT_NONCE", "Failed", "Unknown nonce.")
    last = next_turn(decision(ran, failed, recorded, unseen, unseen))["text"]
    assert "<isFinish>true</isFinish>" in last and "<action></action>" in last
    # ElizaOS's closing summary asks for a <response> with a <text>
    summary = (
        "<task>\nSummarize what the assistant has done so far.\n</task>\n\n<output>\n<response>\n"
        "  <thought>Your thought here</thought>\n  <text>Your final message to the user</text>\n</response>\n</output>"
    )
    closing = next_turn({"input": [{"role": "user", "content": [{"type": "input_text", "text": summary}]}]})
    assert "<text>Done.</text>" in closing["text"]
    # with the tools offered the API's way, a listing in the prose changes nothing
    offered = [{"type": "function", "name": "run_scenarios"}]
    assert next_turn({**decision(), "tools": offered})["type"] == "tool_use"


def test_tools_asked_for_through_a_json_schema_answer_are_called_in_it() -> None:
    """BeeAI's RequirementAgent offers no `tools` on an OpenAI-compatible endpoint: a JSON-schema response format lists
    each tool as `{"name": <const>, "parameters"}` under one property, and the calls come back as Chat Completions
    tool calls. It allows no second call in a row with the same input, so once run_scenarios has been called it may no
    longer be offered: the checks go on then, and the closing text goes to its `final_answer` tool."""

    def option(name: str, parameters: dict[str, Any]) -> dict[str, Any]:
        return {"properties": {"name": {"const": name, "type": "string"}, "parameters": parameters}}

    final = {"type": "object", "properties": {"response": {"type": "string"}}, "required": ["response"]}

    def body(names: list[str], messages: list[dict[str, Any]]) -> dict[str, Any]:
        options = [option(n, {"type": "object", "properties": {}}) for n in names] + [option("final_answer", final)]
        schema = {"type": "object", "properties": {"item": {"anyOf": options}}}
        return {"messages": messages, "response_format": {"type": "json_schema", "json_schema": {"schema": schema}}}

    hi = {"role": "user", "content": "Your task: run the probe."}
    first = next_turn(body(["run_scenarios", "failing_tool"], [hi]))
    assert first["type"] == "text"
    assert json.loads(first["text"]) == {"item": {"name": "run_scenarios", "parameters": {}}}
    call = {"id": "call_1", "type": "function", "function": {"name": "run_scenarios", "arguments": "{}"}}
    told = {"role": "tool", "tool_call_id": "call_1", "content": "Scenarios under way: call run_scenarios again."}
    ran = [hi, {"role": "assistant", "tool_calls": [call]}, told]
    again = json.loads(next_turn(body(["run_scenarios", "failing_tool"], ran))["text"])
    assert again["item"]["name"] == "run_scenarios"  # still offered: called again
    moved_on = json.loads(next_turn(body(["failing_tool"], ran))["text"])  # no longer offered: the checks go on
    assert moved_on == {"item": {"name": "failing_tool", "parameters": {}}}
    closing = json.loads(next_turn(body([], ran))["text"])
    assert closing == {"item": {"name": "final_answer", "parameters": {"response": "Done."}}}
    # a request that offers tools the API's way is answered the API's way, whatever its response format
    offered = {**body(["run_scenarios"], [hi]), "tools": [{"type": "function", "function": {"name": "run_scenarios"}}]}
    assert next_turn(offered)["type"] == "tool_use"


def test_gemini_contents_pair_calls_and_responses_by_order() -> None:
    tools = [{"functionDeclarations": [{"name": "mcp_probe_echo"}, {"name": "mcp_probe_run_scenarios"}]}]
    hi = {"role": "user", "parts": [{"text": "hi"}]}
    call = {"role": "model", "parts": [{"functionCall": {"name": "mcp_probe_run_scenarios", "args": {}}}]}

    def told(text: str) -> dict[str, Any]:
        response = {"name": "mcp_probe_run_scenarios", "response": {"content": [{"type": "text", "text": text}]}}
        return {"role": "user", "parts": [{"functionResponse": response}]}

    first = next_turn({"tools": tools, "contents": [hi]})
    assert (first["type"], first["name"]) == ("tool_use", "mcp_probe_run_scenarios")
    failed = [hi, call, told("MCP error -32600: List roots not supported")]
    assert next_turn({"tools": tools, "contents": failed})["type"] == "tool_use"
    assert next_turn({"tools": tools, "contents": [*failed, call, told("Scenarios done.")]})["type"] == "text"


def test_responses_namespaces_and_call_ids() -> None:
    # Codex offers MCP tools as a namespace; the call names the namespace and the tool apart
    tools = [{"type": "namespace", "name": "mcp__probe", "tools": [{"type": "function", "name": "run_scenarios"}]}]
    hi = {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "hi"}]}
    first = next_turn({"tools": tools, "input": [hi]})
    assert (first["type"], first["name"]) == ("tool_use", "mcp__probe.run_scenarios")

    def asked(n: int) -> dict[str, Any]:
        return {"type": "function_call", "namespace": "mcp__probe", "name": "run_scenarios", "call_id": f"c{n}"}

    def told(n: int, text: str) -> dict[str, Any]:
        return {"type": "function_call_output", "call_id": f"c{n}", "output": text}

    failed = [hi, asked(1), told(1, "MCP tool call failed")]
    assert next_turn({"tools": tools, "input": failed})["type"] == "tool_use"
    assert next_turn({"tools": tools, "input": [*failed, asked(2), told(2, "Scenarios done.")]})["type"] == "text"


def test_without_the_probe_tool_it_only_answers_text() -> None:
    assert next_turn({"tools": [{"name": "Bash"}], "messages": []})["type"] == "text"
    assert next_turn({"messages": [{"role": "user", "content": "hi"}]})["type"] == "text"


def chat_tools(*names: str) -> list[dict[str, Any]]:
    return [{"type": "function", "function": {"name": n, "parameters": {"type": "object"}}} for n in names]


def test_tools_named_but_not_loaded_are_loaded_with_the_search_tool_first() -> None:
    """Factory Droid's shape: the probe's tools only in a "Deferred tools:" reminder, and `ToolSearch` to load
    them. The model loads the ones it will call (not `echo`), in one search, then calls `run_scenarios`."""
    reminder = "<system-reminder>Deferred tools: WebSearch probe___echo probe___run_scenarios probe___report_nonce "
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": "You are an agent."},
        {"role": "user", "content": [{"type": "text", "text": reminder + "</system-reminder>"}, {"text": "hi"}]},
    ]
    first = next_turn({"tools": chat_tools("Read", "ToolSearch"), "messages": messages})
    assert (first["type"], first["name"]) == ("tool_use", "ToolSearch")
    assert first["input"] == {"query": "select:probe___report_nonce,probe___run_scenarios"}
    search = {"id": "call_s1", "type": "function", "function": {"name": "ToolSearch", "arguments": "{}"}}
    messages += [
        {"role": "assistant", "content": None, "tool_calls": [search]},
        {"role": "tool", "tool_call_id": "call_s1", "content": "Loaded 2 tools."},
    ]
    loaded = chat_tools("Read", "ToolSearch", "probe___run_scenarios", "probe___report_nonce")
    second = next_turn({"tools": loaded, "messages": messages})
    assert (second["type"], second["name"]) == ("tool_use", "probe___run_scenarios")
    # searched once: a client that did not load them gets a text, not the same search again
    assert next_turn({"tools": chat_tools("Read", "ToolSearch"), "messages": messages})["type"] == "text"
    # no search tool, or no probe tool named: nothing to load
    assert next_turn({"tools": chat_tools("Read"), "messages": messages[:2]})["type"] == "text"
    plain = [{"role": "user", "content": "<system-reminder>Deferred tools: WebSearch Loop </system-reminder>"}]
    assert next_turn({"tools": chat_tools("ToolSearch"), "messages": plain})["type"] == "text"
    # as Droid writes the reminder: one name a line, in the system prompt
    names = "\n".join(["WebSearch", "probe___run_scenarios", "probe___task_tool"])
    lines = f"<system-reminder>\nDeferred tools:\n{names}\n</system-reminder>"
    system = [{"role": "system", "content": lines}, {"role": "user", "content": "hi"}]
    search = next_turn({"tools": chat_tools("Read", "ToolSearch"), "messages": system})
    assert search["input"] == {"query": "select:probe___run_scenarios,probe___task_tool"}


@pytest.fixture
def model(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    port, log = free_port(), tmp_path / "model.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "canimcp.harness.model", str(port), str(log)], stderr=subprocess.PIPE
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(base + "/", process)
        yield base, log
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_messages_api_streamed_and_not(model: tuple[str, Path]) -> None:
    base, log = model
    body = {"model": "claude-x", "max_tokens": 10, "tools": OFFERED, "messages": [{"role": "user", "content": "hi"}]}
    plain = httpx.post(base + "/v1/messages", json=body, timeout=10).json()
    assert plain["type"] == "message" and plain["model"] == "claude-x" and plain["stop_reason"] == "tool_use"
    assert plain["content"] == [{"type": "tool_use", "id": "toolu_canimcp_1", "name": TOOL, "input": {}}]

    streamed = httpx.post(base + "/v1/messages", json={**body, "stream": True}, timeout=10)
    assert streamed.headers["content-type"].startswith("text/event-stream")
    events = [chunk.split("\n") for chunk in streamed.text.strip().split("\n\n")]
    names = [lines[0].removeprefix("event: ") for lines in events]
    data = [json.loads(lines[1].removeprefix("data: ")) for lines in events]
    assert names == [
        "message_start",
        "content_block_start",
        "content_block_delta",
        "content_block_stop",
        "message_delta",
        "message_stop",
    ]
    assert [d["type"] for d in data] == names
    assert data[1]["content_block"]["name"] == TOOL
    assert json.loads(data[2]["delta"]["partial_json"]) == {}
    assert data[4]["delta"]["stop_reason"] == "tool_use"

    done = httpx.post(base + "/v1/messages", json={**body, "tools": []}, timeout=10).json()
    assert (done["content"], done["stop_reason"]) == ([{"type": "text", "text": "Done."}], "end_turn")
    assert httpx.post(base + "/v1/messages", content=b"{not json", timeout=10).status_code == 400

    chat = {"model": "m", "tools": [{"type": "function", "function": {"name": "run_scenarios"}}], "messages": []}
    completion = httpx.post(base + "/v1/chat/completions", json=chat, timeout=10).json()
    choice = completion["choices"][0]
    assert choice["finish_reason"] == "tool_calls" and choice["message"]["tool_calls"][0]["function"] == {
        "name": "run_scenarios",
        "arguments": "{}",
    }
    chunks = (
        httpx.post(base + "/chat/completions", json={**chat, "stream": True}, timeout=10).text.strip().split("\n\n")
    )
    assert chunks[-1] == "data: [DONE]"
    parsed = [json.loads(c.removeprefix("data: ")) for c in chunks[:-1]]
    assert parsed[0]["choices"][0]["delta"]["tool_calls"][0]["index"] == 0
    assert parsed[-1]["choices"][0]["finish_reason"] == "tool_calls"
    gemini = {"contents": [], "tools": [{"functionDeclarations": [{"name": "mcp_probe_run_scenarios"}]}]}
    answer = httpx.post(base + "/v1beta/models/gemini-x:generateContent", json=gemini, timeout=10).json()
    assert answer["candidates"][0]["content"]["parts"] == [
        {"functionCall": {"name": "mcp_probe_run_scenarios", "args": {}}}
    ]
    # the stable version's path too, which Google's Gen AI SDK for JavaScript 3.x uses
    assert httpx.post(base + "/v1/models/gemini-x:generateContent", json=gemini, timeout=10).json() == answer
    sse = httpx.post(base + "/v1beta/models/gemini-x:streamGenerateContent?alt=sse", json=gemini, timeout=10).text
    assert json.loads(sse.strip().removeprefix("data: ")) == answer
    counted = httpx.post(base + "/v1beta/models/gemini-x:countTokens", json=gemini, timeout=10).json()
    assert counted == {"totalTokens": 1}
    namespace = {"type": "namespace", "name": "mcp__probe", "tools": [{"type": "function", "name": "run_scenarios"}]}
    responses = {"model": "m", "tools": [namespace], "input": [], "stream": True}
    events = [
        c.split("\n") for c in httpx.post(base + "/v1/responses", json=responses, timeout=10).text.strip().split("\n\n")
    ]
    assert [e[0].removeprefix("event: ") for e in events] == [
        "response.created",
        "response.output_item.added",
        "response.function_call_arguments.delta",
        "response.function_call_arguments.done",
        "response.output_item.done",
        "response.completed",
    ]
    data = [json.loads(e[1].removeprefix("data: ")) for e in events]
    item = data[4]["item"]
    # as the real API streams a call: announced with no arguments, which then come keyed by the item's id (Strands
    # Agents for TypeScript reads them only there)
    assert data[1]["item"]["arguments"] == "" and data[1]["item"]["id"] == item["id"]
    assert (data[2]["item_id"], data[2]["delta"]) == (item["id"], "{}")
    assert (data[3]["item_id"], data[3]["arguments"]) == (item["id"], "{}")
    assert (item["type"], item["namespace"], item["name"], item["arguments"]) == (
        "function_call",
        "mcp__probe",
        "run_scenarios",
        "{}",
    )
    plain_text = {"model": "m", "tools": [], "input": [], "stream": True}
    text_events = httpx.post(base + "/v1/responses", json=plain_text, timeout=10).text.strip().split("\n\n")
    by_name = {e.split("\n")[0].removeprefix("event: "): json.loads(e.split("\n")[1][6:]) for e in text_events}
    assert by_name["response.output_item.added"]["item"]["content"] == []
    assert by_name["response.output_text.delta"]["delta"] == by_name["response.output_text.done"]["text"] == "Done."
    assert by_name["response.output_item.done"]["item"]["content"][0]["text"] == "Done."
    whole = httpx.post(base + "/v1/responses", json={**responses, "stream": False}, timeout=10).json()
    assert whole["status"] == "completed" and whole["output"] == [item]
    assert isinstance(whole["created_at"], int) and whole["created_at"] > 1_700_000_000  # Agent Framework reads it
    # each answer has an id of its own (LangChain keeps messages by id: a repeated one replaced the earlier answer)
    again = httpx.post(base + "/v1/chat/completions", json=chat, timeout=10).json()
    ids = [plain["id"], done["id"], completion["id"], parsed[0]["id"], again["id"], whole["id"]]
    assert len(set(ids)) == len(ids) and parsed[0]["id"] == parsed[-1]["id"], ids
    logged = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(entry["api"], entry["answer"]["type"]) for entry in logged] == [
        ("messages", "tool_use"),
        ("messages", "tool_use"),
        ("messages", "text"),
        ("chat", "tool_use"),
        ("chat", "tool_use"),
        ("gemini", "tool_use"),
        ("gemini", "tool_use"),
        ("gemini", "tool_use"),
        ("responses", "tool_use"),
        ("responses", "text"),
        ("responses", "tool_use"),
        ("chat", "tool_use"),
    ]


def test_an_openai_compatible_provider_finds_the_scripted_model_in_the_model_list(model: tuple[str, Path]) -> None:
    """Letta Code's OpenAI-compatible provider lists the models first and takes only a listed one."""
    base, _ = model
    listed = httpx.get(f"{base}/v1/models")
    assert listed.status_code == 200 and [m["id"] for m in listed.json()["data"]] == ["scripted"]


def test_ollamas_chat_api_and_the_model_details_its_clients_ask_for_first(model: tuple[str, Path]) -> None:
    """Ollama's own API: the model list, a model's details (`capabilities` says whether it takes tools), and
    `/api/chat`, streamed as lines of JSON unless the request says `"stream": false`."""
    base, log = model
    tags = httpx.get(base + "/api/tags", timeout=10).json()
    assert [m["name"] for m in tags["models"]] == ["scripted"]
    shown = httpx.post(base + "/api/show", json={"name": "scripted"}, timeout=10).json()
    assert "tools" in shown["capabilities"] and "thinking" not in shown["capabilities"]
    assert "version" in httpx.get(base + "/api/version", timeout=10).json()
    tool = {"type": "function", "function": {"name": "probe_run_scenarios", "parameters": {"type": "object"}}}
    hi = {"role": "user", "content": "hi"}
    streamed = httpx.post(base + "/api/chat", json={"model": "scripted", "messages": [hi], "tools": [tool]}, timeout=10)
    assert streamed.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in streamed.text.splitlines()]
    assert [line["done"] for line in lines] == [False, True] and lines[1]["done_reason"] == "stop"
    # a call's arguments are an object and it has no id, as Ollama sends them
    assert lines[0]["message"]["tool_calls"] == [{"function": {"name": "probe_run_scenarios", "arguments": {}}}]
    for line in lines:  # with fractions of a second, as the `ollama` package's users parse them
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z", line["created_at"])
    done = {"role": "tool", "tool_name": "probe_run_scenarios", "content": "Scenarios done; nothing left."}
    called = [hi, {"role": "assistant", "content": "", "tool_calls": lines[0]["message"]["tool_calls"]}, done]
    whole = httpx.post(base + "/api/chat", json={"messages": called, "tools": [tool], "stream": False}, timeout=10)
    assert whole.json()["done"] and whole.json()["message"] == {"role": "assistant", "content": "Done."}
    assert httpx.post(base + "/api/chat", content=b"{not json", timeout=10).status_code == 400
    logged = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(entry["api"], entry["answer"]["type"]) for entry in logged] == [("ollama", "tool_use"), ("ollama", "text")]


def test_ollamas_calls_and_results_carry_no_ids_and_are_paired_by_name_and_order() -> None:
    """Ollama's chat API gives a tool call no id and names the tool a result answers (`tool_name`): the n-th result
    named N answers the n-th call named N, so run_scenarios is called again after a failed call, at most CALLS times."""
    tools = [{"type": "function", "function": {"name": "probe_run_scenarios"}}]
    hi = {"role": "user", "content": "hi"}
    call = {"role": "assistant", "content": "", "tool_calls": [{"function": {"name": "probe_run_scenarios"}}]}
    failed = {"role": "tool", "tool_name": "probe_run_scenarios", "content": "MCP error -32600: Sampling not supported"}
    messages = [hi]
    for n in range(CALLS):
        turn = next_turn({"tools": tools, "messages": messages})
        assert (turn["type"], turn["name"], turn["id"]) == ("tool_use", "probe_run_scenarios", f"toolu_canimcp_{n + 1}")
        messages += [call, failed]
    assert next_turn({"tools": tools, "messages": messages})["type"] == "text"
    done = {**failed, "content": "Scenarios done."}
    assert next_turn({"tools": tools, "messages": [hi, call, done]})["type"] == "text"


LAST_CALLS = (
    ("header_echo", {"region": "eu-west-1", "greeting": "Grüße, MCP"}),
    ("header_invalid", {"filter": {"kind": "probe"}}),
    ("header_number", {"ratio": 0.5}),
    ("task_tool", {}),
    ("url_gate", {}),
    ("show_view", {}),
    ("dropped_stream", {}),
)


def test_a_responses_request_that_continues_an_answer_is_read_with_that_answers_conversation(
    model: tuple[str, Path],
) -> None:
    """Microsoft Agent Framework's OpenAI client sends only the new items with `previous_response_id`, as the
    Responses API keeps every answer: the scripted model reads the calls it made earlier in that stored answer."""
    base, _ = model
    tools = [{"type": "function", "name": "run_scenarios"}]
    hi = {"type": "message", "role": "user", "content": "hi"}

    def ask(**body: Any) -> dict[str, Any]:
        answer = httpx.post(base + "/v1/responses", json={"model": "m", "tools": tools, **body}, timeout=10).json()
        assert isinstance(answer, dict)
        return answer

    first = ask(input=[hi])
    (call_1,) = first["output"]
    failed = {"type": "function_call_output", "call_id": call_1["call_id"], "output": "Error: Function failed."}
    second = ask(input=[failed], previous_response_id=first["id"])
    (call_2,) = second["output"]
    assert (call_1["name"], call_2["name"]) == ("run_scenarios", "run_scenarios")
    assert call_2["call_id"] != call_1["call_id"]  # the second of its calls, not the first again
    done = {"type": "function_call_output", "call_id": call_2["call_id"], "output": "Scenarios done."}
    assert ask(input=[done], previous_response_id=second["id"])["output"][0]["type"] == "message"
    # without `store`, nothing is kept to continue from: the call is made as if for the first time
    unstored = ask(input=[hi], store=False)
    again = ask(input=[failed], previous_response_id=unstored["id"])
    assert again["output"][0]["call_id"] == call_1["call_id"]


def test_a_responses_request_that_names_stored_items_is_read_with_the_items_it_names(
    model: tuple[str, Path],
) -> None:
    """The AI SDK's OpenAI provider (MCPJam Inspector's chat) sends the whole conversation again, but the model's own
    earlier tool calls only as `item_reference`s to the stored answer's items: the scripted model reads each as the
    call it names, so it counts the calls it made and moves on once the scenarios are done."""
    base, _ = model
    tools = [{"type": "function", "name": "run_scenarios"}]
    hi = {"type": "message", "role": "user", "content": "hi"}

    def ask(items: list[dict[str, Any]]) -> dict[str, Any]:
        answer = httpx.post(base + "/v1/responses", json={"model": "m", "tools": tools, "input": items}, timeout=10)
        body = answer.json()
        assert isinstance(body, dict)
        return body

    (call_1,) = ask([hi])["output"]
    failed = {"type": "function_call_output", "call_id": call_1["call_id"], "output": "Error: Function failed."}
    (call_2,) = ask([hi, {"type": "item_reference", "id": call_1["id"]}, failed])["output"]
    assert call_2["type"] == "function_call" and call_2["call_id"] != call_1["call_id"]  # its second call
    done = {"type": "function_call_output", "call_id": call_2["call_id"], "output": "Scenarios done."}
    refs = [{"type": "item_reference", "id": call["id"]} for call in (call_1, call_2)]
    assert ask([hi, refs[0], failed, refs[1], done])["output"][0]["type"] == "message"
    # a reference to nothing stored stays as it was: the call it would have named is not counted
    (again,) = ask([hi, {"type": "item_reference", "id": "fc_unknown"}, failed])["output"]
    assert again["call_id"] == call_1["call_id"]


@pytest.mark.parametrize(
    "last",
    [
        (),
        ("dropped_stream",),
        ("dropped_stream", "show_view"),
        ("header_number", "header_invalid", "dropped_stream", "header_echo"),
        ("show_view", "task_tool"),
        ("url_gate", "dropped_stream", "task_tool"),
    ],
)
def test_after_the_scenarios_it_checks_what_reached_it(last: tuple[str, ...]) -> None:
    """context_checks.py: call failing_tool and structured_result, report every probe nonce found anywhere in the
    request, then `unseen:<kind>` for each kind never found, then call header_echo (with one plain and one non-ASCII
    argument), header_invalid, header_number, task_tool (then report `called:task_tool`), url_gate, show_view and
    dropped_stream once each, in that order, where the probe lists them, then answer with text."""
    instr, err = "cmcp-instr-0123abcd", "cmcp-err-89ef4567"
    names = ["run_scenarios", "failing_tool", "structured_result", "report_nonce", *last]
    tools = [{"name": f"mcp__probe__{name}"} for name in names]
    convo: list[dict[str, Any]] = [{"role": "user", "content": "hi"}, call(1), result(1, error=False)]
    body = {"system": f"Server instructions: report {instr}.", "tools": tools, "messages": convo}
    texts = {"failing_tool": f"Failed. Nonce: {err}", "structured_result": "The result is in structuredContent."}
    made = []
    for n in range(10):
        block = next_turn(body)
        if block["type"] == "text":
            break
        made.append((block["name"].removeprefix("mcp__probe__"), block["input"]))
        text = texts.get(made[-1][0], "Nonce recorded.")
        convo += [
            {"role": "assistant", "content": [{**block, "id": f"c{n}"}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"c{n}", "content": text}]},
        ]
    assert made == [
        ("failing_tool", {}),
        ("structured_result", {}),
        ("report_nonce", {"nonce": err}),
        ("report_nonce", {"nonce": instr}),
        ("report_nonce", {"nonce": "unseen:struct"}),
        *[call for name, arguments in LAST_CALLS if name in last for call in last_calls(name, arguments)],
    ]


def last_calls(name: str, arguments: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A CALL_LAST tool's call, and for task_tool the model's report that it made it (a client may refuse it unsent)."""
    reported = [("report_nonce", {"nonce": f"called:{name}"})] if name == "task_tool" else []
    return [(name, arguments), *reported]


@pytest.mark.parametrize(
    ("nonce", "where"),
    [
        ("cmcp-skill-0badc0de", "Skill canimcp-probe: report {}."),
        # url_gate's elicitation, which a client passes on only when it reads the -32042's data
        ("cmcp-gate-0badc0de", "url_gate failed: open http://127.0.0.1/canimcp-probe/url-gate/{} first."),
    ],
)
def test_a_nonce_only_some_clients_pass_on_is_reported_and_never_asked_for_as_unseen(nonce: str, where: str) -> None:
    """The nonce in the probe's SKILL.md reaches a model only through a client that loads skills, and the one in
    url_gate's elicitation only through one that passes the error's data on: reported when the request holds it, and
    no `unseen:skill` or `unseen:gate` for the many clients that do neither."""
    skill = nonce
    kind = nonce.split("-")[1]
    names = ["run_scenarios", "failing_tool", "structured_result", "report_nonce"]
    convo: list[dict[str, Any]] = [{"role": "user", "content": "hi"}, call(1), result(1, error=False)]
    for system in (where.format(nonce), "Nothing here."):
        turns = [
            {"role": "assistant", "content": [{"type": "tool_use", "id": f"t{i}", "name": name, "input": {}}]}
            for i, name in enumerate(("failing_tool", "structured_result"))
        ]
        body = {"system": system, "tools": [{"name": n} for n in names], "messages": [*convo, *turns]}
        reported = []
        for n in range(8):
            block = next_turn(body)
            if block["type"] == "text":
                break
            reported.append(block["input"].get("nonce"))
            body["messages"] += [
                {"role": "assistant", "content": [{**block, "id": f"c{n}"}]},
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"c{n}", "content": "ok"}]},
            ]
        assert (skill in reported) == (nonce in system)
        assert f"unseen:{kind}" not in reported and "unseen:instr" in reported


def test_context_checks_read_chat_completions_arguments() -> None:
    """Chat Completions carries arguments as JSON text: a nonce already reported there is not reported again."""
    names = ["run_scenarios", "failing_tool", "structured_result", "report_nonce"]
    tools = [{"type": "function", "function": {"name": name}} for name in names]

    def asked(n: int, name: str, args: dict[str, Any]) -> dict[str, Any]:
        function = {"name": name, "arguments": json.dumps(args)}
        return {"role": "assistant", "tool_calls": [{"id": f"k{n}", "type": "function", "function": function}]}

    convo: list[dict[str, Any]] = [
        {"role": "system", "content": "cmcp-instr-0123abcd"},
        asked(1, "run_scenarios", {}),
        {"role": "tool", "tool_call_id": "k1", "content": "Scenarios done."},
        asked(2, "failing_tool", {}),
        {"role": "tool", "tool_call_id": "k2", "content": "failed"},
        asked(3, "structured_result", {}),
        {"role": "tool", "tool_call_id": "k3", "content": '{"nonce": "cmcp-struct-00ff00ff"}'},
        asked(4, "report_nonce", {"nonce": "cmcp-instr-0123abcd"}),
        {"role": "tool", "tool_call_id": "k4", "content": "Nonce recorded."},
    ]
    block = next_turn({"tools": tools, "messages": convo})
    assert (block["name"], block["input"]) == ("report_nonce", {"nonce": "cmcp-struct-00ff00ff"})


def test_tools_are_found_under_the_names_agents_give_them() -> None:
    """gptme hands its model `probe.run_scenarios` as `probe_run_scenarios_<12 hex digits of a hash>`."""
    assert names_tool("probe_run_scenarios_0123456789ab", "run_scenarios")
    assert names_tool("mcp__probe__report_nonce", "report_nonce")
    assert not names_tool("probe_run_scenarios_extra", "run_scenarios")
    hashed = [{"type": "function", "function": {"name": "probe_run_scenarios_0123456789ab"}}]
    block = next_turn({"tools": hashed, "messages": [{"role": "user", "content": "hi"}]})
    assert (block["type"], block["name"]) == ("tool_use", "probe_run_scenarios_0123456789ab")


def test_one_reader_for_the_tool_calls_of_all_four_apis() -> None:
    """conversation.py: the call ids, names and arguments (JSON text or objects) and the results, whatever the API;
    Gemini's carry no ids, so calls and responses of one name are paired by order."""
    from canimcp.harness.conversation import conversation

    args = {"nonce": "n"}
    call, result = (
        {"type": "tool_use", "id": "a", "name": "t", "input": args},
        {"type": "tool_result", "tool_use_id": "a"},
    )
    messages = {
        "messages": [
            {"role": "assistant", "content": [call]},
            {"role": "user", "content": [{**result, "content": "r"}]},
        ]
    }
    function = {"name": "t", "arguments": json.dumps(args)}
    chat = {
        "messages": [
            {"role": "assistant", "tool_calls": [{"id": "a", "function": function}]},
            {"role": "tool", "tool_call_id": "a", "content": "r"},
        ]
    }
    responses = {
        "input": [
            {"type": "function_call", "call_id": "a", "namespace": "ns", **function},
            {"type": "function_call_output", "call_id": "a", "output": "r"},
        ]
    }
    gemini = {
        "contents": [
            {"role": "model", "parts": [{"functionCall": {"name": "t", "args": args}}]},
            {"role": "user", "parts": [{"functionResponse": {"name": "t", "response": "r"}}]},
        ]
    }
    for body, name in ((messages, "t"), (chat, "t"), (responses, "ns.t"), (gemini, "t")):
        said = conversation(body)
        [(call_id, called, given)] = said.calls
        assert (called, given) == (name, args) and said.results == [(call_id, "r")], body
    broken = {"id": "a", "function": {"name": "t", "arguments": "{no"}}
    assert conversation({"messages": [{"role": "assistant", "tool_calls": [broken]}]}).calls == [("a", "t", {})]


@pytest.mark.parametrize(
    ("answer", "reported"),
    [
        ('MCP error -32600: Tool "task_tool" requires task-based execution.', True),  # the SDK refused it, unsent
        ("MCP error -32601: task_tool must be called as a task (taskSupport: required)", False),  # the probe did
        ("Done, as a task.", False),
    ],
)
def test_the_model_reports_a_task_tool_call_only_when_the_answer_is_not_the_probes(answer: str, reported: bool) -> None:
    """`called:task_tool` tells the probe the model made a call it may never have received; a result that holds one of
    the probe's own answers shows the call reached it (on some connection), so there is nothing to tell."""
    names = [TOOL, "report_nonce", "task_tool", "show_view"]
    convo: list[dict[str, Any]] = [{"role": "user", "content": "hi"}, call(1), result(1, error=False)]
    said = [("report_nonce", {"nonce": f"unseen:{kind}"}) for kind in ("instr", "err", "struct")]
    for n, (name, arguments) in enumerate([*said, ("task_tool", {})]):
        text = answer if name == "task_tool" else "Unknown nonce."
        convo += [
            {"role": "assistant", "content": [{"type": "tool_use", "id": f"k{n}", "name": name, "input": arguments}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"k{n}", "content": text}]},
        ]
    body = {"tools": [{"name": n} for n in names], "messages": convo}
    block = next_turn(body)
    expected = ("report_nonce", {"nonce": "called:task_tool"}) if reported else ("show_view", {})
    assert (block["name"], block["input"]) == expected


def test_the_plain_scripts_make_the_scripted_models_late_calls() -> None:
    """late_calls.py runs beside the plain SDK scripts, in the client's own environment without canimcp, so it keeps
    its own copy of the calls: the scripted model's header tools, task_tool and url_gate, in its order, with its
    arguments."""
    import importlib.util

    from canimcp.harness.context_checks import ARGUMENTS, CALL_LAST
    from canimcp.probe.fixtures import TASK_TOOL, URL_GATE_TOOL

    path = Path(__file__).parents[2] / "src" / "canimcp" / "harness" / "scripts" / "late_calls.py"
    spec = importlib.util.spec_from_file_location("late_calls", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    plain = (*ARGUMENTS, TASK_TOOL, URL_GATE_TOOL)  # not show_view or dropped_stream: the scripts call them apart
    expected = [(name, ARGUMENTS.get(name, {})) for name in CALL_LAST if name in plain]
    assert list(module.LATE_CALLS) == expected


def test_a_failed_call_the_client_kept_only_as_its_error_is_not_made_again() -> None:
    """smolagents leaves a failed tool call out of the conversation and keeps only its error, in a message of its own:
    the probe's answer there shows the call was made, so the model goes on to the next tool instead of calling the
    same one again until the agent's step limit."""
    names = [TOOL, "report_nonce", "task_tool", "url_gate", "show_view"]
    convo: list[dict[str, Any]] = [{"role": "user", "content": "hi"}, call(1), result(1, error=False)]
    for n, kind in enumerate(("instr", "err", "struct")):
        used = {"type": "tool_use", "id": f"k{n}", "name": "report_nonce", "input": {"nonce": f"unseen:{kind}"}}
        answer = {"type": "tool_result", "tool_use_id": f"k{n}", "content": "Unknown nonce."}
        convo += [{"role": "assistant", "content": [used]}, {"role": "user", "content": [answer]}]
    body = {"tools": [{"name": n} for n in names], "messages": convo}
    assert next_turn(body)["name"] == "task_tool"
    error = "Error executing tool 'task_tool' with arguments {}: McpError: task_tool must be called as a task"
    convo.append({"role": "user", "content": f"{error} (taskSupport: required)\nPlease try again or use another tool"})
    assert next_turn(body)["name"] == "url_gate"  # not task_tool again, and no `called:task_tool`: the probe answered
    convo.append({"role": "user", "content": "Error: McpError: url_gate needs a URL elicitation completed first"})
    assert next_turn(body)["name"] == "show_view"


def test_tools_asked_for_as_named_fields_are_called_in_them() -> None:
    """DSPy's ReAct offers no `tools`: its system message types `next_tool_name` as a Literal of the tool names (its
    own `finish` among them), the last user message asks for the output fields, and the steps so far come back as the
    trajectory's `tool_name_N` / `tool_args_N` / `observation_N` fields. The answer is written as those fields."""
    system = {
        "role": "system",
        "content": "Your output fields are:\n1. `next_thought` (str)\n"
        "2. `next_tool_name` (Literal['run_scenarios', 'failing_tool', 'finish'])\n3. `next_tool_args` (dict)",
    }
    ask = "Respond with the corresponding output fields, starting with the field `[[ ## next_thought ## ]]`, then "
    ask += (
        "`[[ ## next_tool_name ## ]]`, then `[[ ## next_tool_args ## ]]`, and then ending with `[[ ## completed ## ]]`."
    )

    def user(trajectory: str) -> dict[str, Any]:
        text = f"[[ ## question ## ]]\nrun the probe\n\n[[ ## trajectory ## ]]\n{trajectory}\n\n{ask}"
        return {"role": "user", "content": text}

    def fields(answer: dict[str, Any]) -> dict[str, str]:
        assert answer["type"] == "text" and answer["text"].endswith("[[ ## completed ## ]]")
        parts = re.split(r"\[\[ ## (\w+) ## \]\]", answer["text"])
        return {name: value.strip() for name, value in zip(parts[1::2], parts[2::2], strict=False)}

    first = fields(next_turn({"messages": [system, user("")]}))
    assert first["next_tool_name"] == "run_scenarios" and json.loads(first["next_tool_args"]) == {}
    assert list(first) == ["next_thought", "next_tool_name", "next_tool_args", "completed"]
    # the trajectory is read as calls and results: a call the probe says is done moves the model on
    done = "Scenarios done; answered in the last round: x."
    step = (
        f"[[ ## tool_name_0 ## ]]\nrun_scenarios\n\n[[ ## tool_args_0 ## ]]\n{{}}\n\n[[ ## observation_0 ## ]]\n{done}"
    )
    later = fields(next_turn({"messages": [system, user(step)]}))
    assert later["next_tool_name"] != "run_scenarios"
    # with nothing left to call, the closing text becomes a call of ReAct's own `finish`
    closing = {**system, "content": system["content"].replace("'run_scenarios', 'failing_tool', ", "")}
    assert fields(next_turn({"messages": [closing, user(step)]}))["next_tool_name"] == "finish"
    # a request that offers tools the API's way is answered the API's way
    offered = {"messages": [system, user("")], "tools": [{"type": "function", "function": {"name": "run_scenarios"}}]}
    assert next_turn(offered)["type"] == "tool_use"


def test_tools_asked_for_as_a_list_of_actions_are_called_in_it_with_notes() -> None:
    """browser-use's Agent offers no `tools`: a JSON-schema response format lists each action (its own `done` and the
    MCP tools it registered) as a one-key object under `action`, and each request shows only an `<agent_history>` of
    the steps with the model's `memory` and each outcome. The scripted model keeps its calls in that memory and reads
    them back from it."""

    def body(names: list[str], history: str) -> dict[str, Any]:
        done = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
        options = [{"properties": {n: {"type": "object", "properties": {}}}} for n in names]
        options.append({"properties": {"done": done}})
        schema = {
            "type": "object",
            "properties": {"memory": {"type": "string"}, "action": {"items": {"anyOf": options}}},
        }
        user = {"role": "user", "content": f"<agent_history>{history}</agent_history>"}
        return {
            "messages": [{"role": "system", "content": "act"}, user],
            "response_format": {"type": "json_schema", "json_schema": {"schema": schema}},
        }

    first = json.loads(next_turn(body(["run_scenarios", "failing_tool"], ""))["text"])
    assert first["action"] == [{"run_scenarios": {}}]
    assert "<action_call>" in first["memory"]
    # the agent shows the step again with the model's memory and the outcome after it
    done = "Scenarios done; answered in the last round: x."
    step = f"<step>memory: {first['memory']}\nResult: {done}"
    later = json.loads(next_turn(body(["run_scenarios", "failing_tool"], step))["text"])
    assert list(later["action"][0]) != ["run_scenarios"]
    assert f"<action_result>Result: {done}</action_result>" in later["memory"]  # the outcome, kept in the notes
    # with nothing left to call, the closing text goes to `done`
    assert json.loads(next_turn(body([], step))["text"])["action"] == [{"done": {"text": "Done."}}]


def test_tools_asked_for_as_one_field_of_a_forced_function_are_called_in_it() -> None:
    """Atomic Agents asks through instructor for one forced function whose `action` is a union of the MCP tools'
    input schemas (each naming its tool in a `tool_name` constant, through `$defs`) and a final answer; its earlier
    answers come back as assistant text and each result as the messages after it. The scripted model writes each call
    into that field, reads it back, and closes in the final answer's field."""

    def body(names: list[str], messages: list[dict[str, Any]]) -> dict[str, Any]:
        defs = {f"{n}_in": {"type": "object", "properties": {"tool_name": {"const": n}}} for n in names}
        defs["Final"] = {
            "type": "object",
            "properties": {"chat_message": {"type": "string"}},
            "required": ["chat_message"],
        }
        options = [{"$ref": f"#/$defs/{n}"} for n in defs]
        schema = {
            "type": "object",
            "$defs": defs,
            "properties": {"reasoning": {"type": "string"}, "action": {"anyOf": options}},
            "required": ["reasoning", "action"],
        }
        function = {"name": "Orchestrator", "parameters": schema}
        return {
            "messages": [{"role": "user", "content": "hi"}, *messages],
            "tools": [{"type": "function", "function": function}],
            "tool_choice": {"type": "function", "function": {"name": "Orchestrator"}},
        }

    names = ["run_scenarios", "failing_tool"]
    first = next_turn(body(names, []))
    assert first["type"] == "tool_use" and first["name"] == "Orchestrator"
    assert first["input"] == {"reasoning": "Call run_scenarios.", "action": {"tool_name": "run_scenarios"}}
    # the agent shows the answer again as text and the result in a system message after it
    answered = [{"role": "assistant", "content": json.dumps(first["input"])}]
    again = next_turn(body(names, [*answered, {"role": "system", "content": "MCP error -32600: no sampling"}]))
    assert again["input"]["action"] == {"tool_name": "run_scenarios"}  # not done yet: called again
    done = [*answered, {"role": "system", "content": "Scenarios done; nothing left."}]
    later = next_turn(body(names, done))
    assert later["input"]["action"].get("tool_name") != "run_scenarios"
    closing = next_turn(body(["run_scenarios"], done))
    assert closing["input"] == {"reasoning": "Done.", "action": {"chat_message": "Done."}}
    # a forced function whose fields name no tool is not this shape: nothing to call, so a plain answer
    plain = body(names, [])
    plain["tools"][0]["function"]["parameters"]["properties"]["action"] = {"type": "string"}
    assert next_turn(plain) == {"type": "text", "text": "Done."}
