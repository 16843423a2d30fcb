"""An app in front of MCP Proxy for AWS, for a run made by hand (not by the harness): the app of the harness's
mcp_proxy_for_aws_client.py (same handlers, same name, same placeholder AWS variables handed to the proxy), which calls
tools of `canimcp probe serve --conformance` that make the server ask something while the call runs: `test_sampling`
(sampling/createMessage), `test_elicitation` (a form elicitation), `test_tool_with_logging` (three log messages) and
`test_tool_with_progress` (three progress notifications, with a progress callback on the app's side). The probe's own
scenarios ask right after initialize, outside any call; this shows what the proxy does with a server request that
comes inside one.

    python mcp_proxy_for_aws_app_client.py URL     (in the proxy's venv, against `probe serve --conformance`)
One JSON line per call goes to stdout; what reached the app's handlers goes to stderr.
"""

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "src" / "canimcp" / "harness" / "scripts"))
from mcp_proxy_for_aws_client import app_session, say

CALLS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("test_sampling", {"prompt": "Say hello"}),
    ("test_elicitation", {"message": "Your name?"}),
    ("test_tool_with_logging", {}),
    ("test_tool_with_progress", {}),
)


async def main() -> None:
    async with app_session(sys.argv[1]) as session:
        await session.initialize()
        await session.list_tools()
        for name, arguments in CALLS:

            async def progressed(progress: float, total: float | None, message: str | None) -> None:
                say(f"progress reached the app: {progress}/{total}")

            try:
                result = await session.call_tool(name, arguments, progress_callback=progressed)
                text = " ".join(getattr(block, "text", "") for block in result.content)
                print(json.dumps({"call": name, "isError": result.isError, "text": text[:300]}), flush=True)
            except Exception as exc:
                print(json.dumps({"call": name, "error": str(exc)[:300]}), flush=True)
        await asyncio.sleep(2)
    say("closed")


if __name__ == "__main__":
    asyncio.run(main())
