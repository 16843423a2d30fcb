"""A NeMo Agent Toolkit workflow with the probe as its MCP server, run on the scripted model:

    python3 nvidia_nat_agent.py NAT session TRANSPORT TARGET...

The workflow file is the one the toolkit's MCP client page shows: the probe as an `mcp_client` function group (its
`server` block: `transport: stdio` with `command` and `args`, or a `url` with `transport: streamable-http` or `sse`),
default options, and the group named in the agent's `tool_names`. The LLM is the toolkit's `openai` type (LangChain's
ChatOpenAI, Chat Completions) with `base_url` at the scripted model (`$CANIMCP_MODEL_URL/v1`) and a dummy key. The
agent is `tool_calling_agent` with its defaults, which offers the tools to the model the API's way (the page's
`react_agent` writes them into its prompt as text, a format the scripted model does not answer). `nat run
--config_file FILE --input TEXT` runs one turn; what it prints goes to stderr, where the harness keeps a run's output.
Needs `nvidia-nat-langchain[openai]` beside the client (the recipe's agent_packages).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

NAT, TRANSPORT, TARGET = sys.argv[1], sys.argv[3], sys.argv[4:]
PROMPT = "Run the probe's scenarios, then report what you find."


def server() -> dict[str, object]:
    if TRANSPORT == "stdio":
        return {"transport": "stdio", "command": TARGET[0], "args": TARGET[1:]}
    return {"transport": "sse" if TRANSPORT == "sse" else "streamable-http", "url": TARGET[0]}


def main() -> None:
    workflow = {
        "function_groups": {"probe": {"_type": "mcp_client", "server": server()}},
        "llms": {
            "scripted": {
                "_type": "openai",
                "base_url": f"{os.environ['CANIMCP_MODEL_URL']}/v1",
                "api_key": "canimcp-scripted-model",
                "model_name": "canimcp-scripted",
            }
        },
        "workflow": {"_type": "tool_calling_agent", "llm_name": "scripted", "tool_names": ["probe"]},
    }
    config = Path("workflow.yml").resolve()
    config.write_text(json.dumps(workflow, indent=2))  # JSON is YAML
    argv = [NAT, "run", "--config_file", str(config), "--input", PROMPT]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=400)
    print(f"$ nat run ... [exit {done.returncode}]\n{done.stdout[-3000:]}\n{done.stderr[-6000:]}", file=sys.stderr)


main()
