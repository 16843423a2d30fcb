// A LlamaIndex.TS agent with the tools of the MCP helper of @llamaindex/tools, as the package's MCP example shows it
// (`agent` of @llamaindex/workflow, `openai` of @llamaindex/openai), run for one turn against canimcp's scripted model.
//   node llamaindex_tools_js_agent.mjs stdio CMD ARGS... | node llamaindex_tools_js_agent.mjs http|sse URL
// The MCP connection is llamaindex_tools_js_client.mjs's (defaults only); tools() hands its FunctionTools to
// agent({ tools, llm }) with no system prompt and the workflow's other defaults (a 60-second limit among them). The
// model is `openai` (Chat Completions) with the model `canimcp-scripted` and a baseURL of $CANIMCP_MODEL_URL/v1. One
// run() of one user message; its text is printed, then cleanup().
// Needs beside @llamaindex/tools: @llamaindex/workflow (agent) and @llamaindex/openai (openai), of the releases that
// ask for the same @llamaindex/core as the tools package.
import { openai } from "@llamaindex/openai";
import { mcp } from "@llamaindex/tools";
import { agent } from "@llamaindex/workflow";

const [kind, target, ...args] = process.argv.slice(2);
const server = mcp(kind === "stdio"
  ? { command: target, args }
  : kind === "sse" ? { url: target, useSSETransport: true } : { url: target });
try {
  const assistant = agent({
    tools: await server.tools(),
    llm: openai({
      model: "canimcp-scripted",
      apiKey: "canimcp-scripted-model",
      baseURL: `${process.env.CANIMCP_MODEL_URL}/v1`,
    }),
  });
  const result = await assistant.run("Run the probe's scenarios, then report what you find.");
  console.log(JSON.stringify(result.data).slice(0, 2000));
} finally {
  await server.cleanup();
}
