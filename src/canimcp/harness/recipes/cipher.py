"""Cipher (npm `@byterover/cipher`, ByteRover's memory layer for coding agents, command `cipher`): its one-shot CLI,
`cipher -a cipher.yml "<prompt>"`, which loads the agent config, connects every server of its `mcpServers` (`type:
stdio` with a command, `sse` or `streamable-http` with a URL), runs one turn of its agent and exits. The scripted
model (harness/model.py) is its `openai` provider, with the model's URL as `llm.baseURL`; MCP tools run without an
approval step.

Choices that are not the client's plain defaults, and why:
- `npm install --ignore-scripts` (`npm_flags`): the package requires `faiss-node` (for its optional FAISS vector store),
  whose install script downloads a prebuilt binary from GitHub and otherwise clones faiss from GitHub to build it, so a
  default install fails where only the registries can be reached. Nothing on this path loads it (the default vector
  store is in memory). Skipping scripts skips `better-sqlite3`'s build too, which the session store needs (without it
  Cipher falls back to memory), so `post_install` builds that one from its sources against the local Node headers.
- The CLI refuses to start without a `.env` file (in the working folder, else in the package's `dist` folder) and
  without one of the provider keys in the environment: the working folder's `.env` holds a placeholder
  `OPENAI_API_KEY` and `DISABLE_EMBEDDINGS=true`, and the agent config says `embedding: {disabled: true}` too (the
  shipped `memAgent/cipher.yml` shows that switch). Otherwise its memory would ask OpenAI's embeddings API (the default
  embedding config); with embeddings off it runs "chat-only", without its memory tools, which touch no MCP server.
- `llm.maxIterations: 50`, as the shipped `memAgent/cipher.yml` sets it: with the key left out the loop stops after 10
  model calls, before the scripted model's late calls.

There is no status command that connects to a server, so only sessions are recorded, and no sign-in: a server entry
takes static `headers` only (no OAuth provider reaches the SDK's transports)."""

import json

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> str:
    if ctx.transport == "stdio":
        server: dict[str, object] = {"type": "stdio", "command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
    else:
        server = {"type": "sse" if ctx.transport == "sse" else "streamable-http", "url": ctx.probe_url}
    agent = {
        "mcpServers": {"probe": server},
        "llm": {
            "provider": "openai",
            "model": "gpt-4.1-mini",
            "apiKey": "dummy",
            "maxIterations": 50,
            "baseURL": f"{ctx.model_url}/v1",
        },
        "embedding": {"disabled": True},
    }
    return json.dumps(agent, indent=2)  # JSON is YAML


# better-sqlite3 from its own sources (its prebuilt binaries are on GitHub), against the headers of the Node that runs
# it; run in the package's folder, three levels below the install folder
REBUILD_SQLITE = 'cd ../../.. && npm rebuild better-sqlite3 --nodedir="$(dirname "$(dirname "$(command -v node)")")"'

RECIPE = Recipe(
    id="cipher",
    package="npm:@byterover/cipher",
    bin="cipher",
    npm_flags=("--ignore-scripts",),
    post_install=(REBUILD_SQLITE,),
    files=lambda ctx: {
        "$work/cipher.yml": config(ctx),
        "$work/.env": "OPENAI_API_KEY=dummy\nDISABLE_EMBEDDINGS=true\n",
    },
    modes={"session": (step("$bin -a $work/cipher.yml hi", timeout=90, may_fail=True),)},
    model="openai",
    transports=("stdio", "http", "sse"),
)
