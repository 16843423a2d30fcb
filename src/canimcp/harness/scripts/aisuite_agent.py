"""aisuite's tool loop with an MCP server as one of its tools, as its README shows it, run for one task against
canimcp's scripted model.

python aisuite_agent.py stdio CMD ARGS...   |   python aisuite_agent.py http URL
One `client.chat.completions.create(...)` with the server given as an MCP config dict in `tools` (`"type": "mcp"`, a
name, and `command`/`args` or `server_url`) and `max_turns`: aisuite opens an `MCPClient` for the config, offers the
model its tools, runs the tool calls the model asks for and sends the results back, and closes the client when the
loop ends. The model: aisuite's OpenAI provider (Chat Completions) configured with the scripted model's URL as
`base_url` ($CANIMCP_MODEL_URL/v1) and a dummy key. `max_turns` is 40 (the README's example sets 3, too few for the
scripted model's dozen or so calls). The answer, or what the loop raised, is printed.
"""

import os
import sys

import aisuite as ai

PROMPT = "Run the probe's scenarios, then report what you find."


def server() -> dict[str, object]:
    if sys.argv[1] == "stdio":
        return {"type": "mcp", "name": "probe", "command": sys.argv[2], "args": sys.argv[3:]}
    return {"type": "mcp", "name": "probe", "server_url": sys.argv[2]}


def main() -> int:
    client = ai.Client(
        {"openai": {"base_url": f"{os.environ['CANIMCP_MODEL_URL']}/v1", "api_key": "canimcp-scripted-model"}}
    )
    try:
        response = client.chat.completions.create(
            model="openai:canimcp-scripted",
            messages=[{"role": "user", "content": PROMPT}],
            tools=[server()],
            max_turns=40,
        )
    except Exception as exc:  # a failed tool call ends aisuite's loop with an exception
        print(f"the tool loop raised {exc!r}", file=sys.stderr)
        return 1
    print(response.choices[0].message.content)
    return 0


if __name__ == "__main__":
    sys.exit(main())
