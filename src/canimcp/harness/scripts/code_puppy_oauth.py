"""The sign-in choice of Code Puppy's MCP wizard, for harness runs with `--auth`.

Code Puppy has no sign-in command: an HTTP server whose entry in `mcp_servers.json` says `"auth": "oauth"` (what its
`/mcp install` wizard writes when its question "Use browser-based OAuth authentication?" is answered yes) is signed
in to through FastMCP's OAuth when the server starts, with 330 seconds for the person at the browser unless the entry
sets a `timeout`, and the token is kept in memory only. The wizard is a dialog of the interactive UI, so this script
makes the same change to the file the harness wrote, as a person editing it would: the browser is the harness's
(`$BROWSER`, which Python's webbrowser module opens).

    python code_puppy_oauth.py PATH/mcp_servers.json SERVER
"""

import json
import sys
from pathlib import Path


def main() -> int:
    path, name = Path(sys.argv[1]), sys.argv[2]
    config = json.loads(path.read_text(encoding="utf-8"))
    config["mcp_servers"][name]["auth"] = "oauth"
    path.write_text(json.dumps(config, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
