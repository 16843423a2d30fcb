"""A richer app in front of mcp-proxy, for runs made by hand (not by the harness): the app of the harness's
mcp_proxy_client.py (same handlers, same name), which then uses the optional calls a desktop host makes, to see which
of them mcp-proxy carries to the server and which answers and notifications come back to the app.

    python mcp_proxy_app_client.py http|sse URL     (run in mcp-proxy's virtual environment, against `probe serve`)
In order: logging/setLevel, resources/list and a subscription to the first resource (whatever mcp-proxy declared),
resource templates and a read of one, completion/complete for the probe's prompt, `slow_task` for one second with a
progress callback, `slow_task` for twenty seconds abandoned after one with notifications/cancelled sent for it (the SDK
1.x sends none by itself, so the app sends it as a host's stop button would), a read of the ui:// view `show_view`
names, and notifications/roots/list_changed. Then it waits ten seconds for what the server sends (log messages, list
changes, resources/updated) and prints one JSON line per step to stdout; what reached the app's handlers goes to stderr.
"""

import asyncio
import json
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import anyio
from mcp import types

# the harness's app of the same name and handlers, so that both runs show one app behind the proxy
sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "src" / "canimcp" / "harness" / "scripts"))
from mcp_proxy_client import app_session, say

reached: list[str] = []


def step(name: str, value: Any) -> None:
    print(json.dumps({"step": name, "value": value}, default=str), flush=True)


async def handled(message: Any) -> None:
    if isinstance(message, types.ServerNotification):
        reached.append(message.root.method)
        say(f"notification reached the app: {message.root.method}")


async def attempt(name: str, call: Any) -> Any:
    try:
        value = await call
    except Exception as exc:  # what mcp-proxy answers in place of the server is part of the record
        step(name, f"error: {exc}")
        return None
    step(name, "ok")
    return value


async def main() -> None:
    async with app_session(sys.argv[1], sys.argv[2], on_message=handled) as session:
        init = await session.initialize()
        step("offered to the app", init.capabilities.model_dump(exclude_none=True))
        step("instructions reached the app", bool(init.instructions))
        await attempt("logging/setLevel", session.set_logging_level("debug"))
        resources = await session.list_resources()
        static = resources.resources[0].uri
        await attempt("resources/subscribe", session.subscribe_resource(static))
        templates = await attempt("resources/templates/list", session.list_resource_templates())
        if templates and templates.resourceTemplates:
            uri = templates.resourceTemplates[0].uriTemplate.replace("{id}", "42")
            await attempt("resources/read of a template", session.read_resource(uri))  # type: ignore[arg-type]
        reference = types.PromptReference(type="ref/prompt", name="probe_prompt")
        completion = await attempt("completion/complete", session.complete(reference, {"name": "topic", "value": "ca"}))
        if completion:
            step("completion values", completion.completion.values)

        steps: list[float] = []

        async def progressed(progress: float, total: float | None, message: str | None) -> None:
            steps.append(progress)

        await attempt("slow_task with progress", session.call_tool("slow_task", {"seconds": 1}, None, progressed))
        step("progress reaching the app", steps)

        request_id = session._request_id  # the id the SDK gives its next request
        call = asyncio.create_task(session.call_tool("slow_task", {"seconds": 20}, timedelta(seconds=30)))
        await asyncio.sleep(1)
        cancel = types.CancelledNotification(
            params=types.CancelledNotificationParams(requestId=request_id, reason="the user stopped it")
        )
        await session.send_notification(types.ClientNotification(cancel))
        call.cancel()
        step("slow_task cancelled after 1 s", request_id)

        tools = await session.list_tools()
        view = next((t for t in tools.tools if t.name == "show_view"), None)
        ui = ((view.meta or {}).get("ui") or {}) if view else {}
        step("show_view's view", ui.get("resourceUri"))
        if ui.get("resourceUri"):
            await attempt("show_view", session.call_tool("show_view", {}))
            await attempt("resources/read of the view", session.read_resource(ui["resourceUri"]))

        await session.send_roots_list_changed()
        step("notifications/roots/list_changed", "sent")
        with anyio.move_on_after(10):
            await anyio.sleep_forever()
        step("notifications that reached the app", reached)


asyncio.run(main())
