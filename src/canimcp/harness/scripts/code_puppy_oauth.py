"""Code Puppy's OAuth key on the probe's entry, for harness runs with `--auth`.

Code Puppy has no sign-in command: an HTTP server whose entry in `mcp_servers.json` says `"auth": "oauth"` is signed
in to through FastMCP's OAuth when the server starts, with 330 seconds for the person at the browser unless the entry
sets a `timeout`, and the token is kept in memory only. No command of 0.0.946 writes the key (the package's HTTP
wizard that asks "Use browser-based OAuth authentication?" is opened by none; the custom-server form of `/mcp
install` saves whatever JSON is typed into it), so this script adds it to the file the harness wrote, as a person
editing the entry would: the browser is the harness's (`$BROWSER`, which Python's webbrowser module opens).

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
