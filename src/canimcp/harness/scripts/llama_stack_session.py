"""A plain app on Llama Stack run in-process as a library, reaching the probe through the stack's MCP client.

python llama_stack_session.py http|sse URL
Llama Stack's MCP client speaks only HTTP: given a URL it tries Streamable HTTP first and, where the server refuses
that, the legacy HTTP+SSE transport (so `sse` is the probe's `/sse` URL; by the code the first connection's POST there
is refused before the fallback, a POST the probe's reports do not record). The script
writes a small run config into the sandbox HOME (inference through the `remote::openai` provider at the scripted
model, the `remote::model-context-protocol` tool runtime, the `inline::builtin` Responses provider, SQLite stores
under `~/.llama`) with the probe as its one MCP connector, as the docs register an MCP server, and starts the stack
with `AsyncLlamaStackAsLibraryClient(config_path)`. Then, with no model:
- the Connectors API (`GET /v1beta/connectors/probe`, which asks the server for its info, and `.../tools`);
- the tool runtime: the probe registered as the tool group `mcp::probe` with its `mcp_endpoint` (0.7.x dropped the
  HTTP route for that and for invoking a tool, so the stack's own tool-group and tool-runtime objects, which the
  library client holds, are called as the Responses provider and the older routes called them), its tools listed
  through `GET /v1/tools?toolgroup_id=mcp::probe`, `run_scenarios` invoked until done, then the probe's tools of one
  era. Every listing and every call is an MCP connection of its own (the provider opens one per operation).
"""

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

from late_calls import call_late  # beside this script (the recipe's script_helpers)
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
MODEL = "canimcp-scripted"
GROUP = "mcp::probe"


def stack_config(url: str, model_url: str = "http://127.0.0.1:9") -> str:
    """Write the run config (in the sandbox HOME) and return its path. The model is registered by hand: the
    scripted model serves no model list; the plain script has no model, so its
    inference points at a dead port."""
    home = Path.home() / ".llama" / "canimcp"
    home.mkdir(parents=True, exist_ok=True)
    config = f"""version: 2
distro_name: canimcp
apis:
- inference
- responses
- tool_runtime
- files
- vector_io
providers:
  inference:
  - provider_id: openai
    provider_type: remote::openai
    config:
      api_key: canimcp-scripted-model
      base_url: {model_url}/v1
  tool_runtime:
  - provider_id: model-context-protocol
    provider_type: remote::model-context-protocol
  files:
  - provider_id: builtin-files
    provider_type: inline::localfs
    config:
      storage_dir: {home}/files
      metadata_store:
        table_name: files_metadata
        backend: sql_default
  responses:
  - provider_id: builtin
    provider_type: inline::builtin
    config:
      persistence:
        agent_state:
          namespace: agents
          backend: kv_default
        responses:
          table_name: responses
          backend: sql_default
storage:
  backends:
    kv_default:
      type: kv_sqlite
      db_path: {home}/kvstore.db
    sql_default:
      type: sql_sqlite
      db_path: {home}/sql_store.db
  stores:
    metadata:
      namespace: registry
      backend: kv_default
    inference:
      table_name: inference_store
      backend: sql_default
    conversations:
      table_name: openai_conversations
      backend: sql_default
    prompts:
      namespace: prompts
      backend: kv_default
    connectors:
      namespace: connectors
      backend: kv_default
registered_resources:
  models:
  - model_id: {MODEL}
    provider_id: openai
    provider_model_id: {MODEL}
    model_type: llm
connectors:
- connector_id: probe
  connector_type: mcp
  url: {url}
"""
    path = home / "run.yaml"
    path.write_text(config)
    return str(path)


async def main() -> None:
    from llama_stack.core.library_client import AsyncLlamaStackAsLibraryClient
    from llama_stack_api import URL, Api

    client = AsyncLlamaStackAsLibraryClient(stack_config(sys.argv[2]))
    await client.initialize()
    try:
        info = await client.get("/v1beta/connectors/probe", cast_to=object)
        print(f"connector: {str(info)[:300]}", file=sys.stderr)
        tools = await client.get("/v1beta/connectors/probe/tools", cast_to=object)
        print(f"connector tools: {str(tools)[:300]}", file=sys.stderr)

        impls = client.impls
        assert impls is not None
        await impls[Api.tool_groups].register_tool_group(
            toolgroup_id=GROUP, provider_id="model-context-protocol", mcp_endpoint=URL(uri=sys.argv[2])
        )
        listed = await client.get("/v1/tools", cast_to=object, options={"params": {"toolgroup_id": GROUP}})
        names = {tool["name"] for tool in listed["data"]} if isinstance(listed, dict) else set()
        print(f"tools: {sorted(names)}", file=sys.stderr)
        runtime = impls[Api.tool_runtime]

        async def call(name: str, arguments: dict[str, Any]) -> Any:
            result = await runtime.invoke_tool(tool_name=name, kwargs=arguments)
            print(f"{name}: {str(result)[:300]}", file=sys.stderr)
            return result

        if "run_scenarios" in names:
            await call_until_done(lambda: call("run_scenarios", {}))
        await call_late(call, names)
        await asyncio.sleep(HOLD)
    finally:
        await client.shutdown()


if __name__ == "__main__":  # the agent script imports its config
    asyncio.run(main())
