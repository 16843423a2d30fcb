// A plain client on ADK-TS by IQ AI (@iqai/adk) and its McpToolset, as the package's MCP Tools page shows it.
//   node iqai_adk_client.mjs stdio CMD ARGS...   |   node iqai_adk_client.mjs http URL
// new McpToolset({ name, description, transport }) with { mode: "stdio", command, args } for stdio or
// { mode: "sse", serverUrl } for a URL: in 0.5.9 that mode makes the TypeScript SDK's Streamable HTTP transport (there
// is no legacy SSE client), so the harness's `http` runs use it. Nothing else is set: no sampling handler, no tool
// filter, no timeout, no retry options. getTools() connects (one SDK client, kept until close()) and lists; each tool
// is called the way ADK's agent loop calls it, runAsync(args, toolContext), which sends tools/call on that client
// (the tool ignores the context, so none is made). run_scenarios up to four times, until a result is not isError (a
// refusal of an input request ends a 2026-07-28 call), then task_tool, url_gate and dropped_stream where the probe
// lists them; stay a while, close. No model: that is the agent script.
import { McpToolset } from "@iqai/adk";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;

export function toolset(argv) {
  const [kind, target, ...args] = argv;
  return new McpToolset({
    name: "canimcp-probe",  // the clientInfo name a server sees is this, the app's own
    description: "canimcp's probe",
    transport: kind === "stdio" ? { mode: "stdio", command: target, args } : { mode: "sse", serverUrl: target },
  });
}

async function main() {
  const tools = toolset(process.argv.slice(2));
  try {
    const listed = await tools.getTools();
    const byName = (name) => listed.find((tool) => tool.name === name);
    const call = async (tool) => {
      const result = await tool.runAsync({});
      console.error(tool.name, JSON.stringify(result).slice(0, 300));
      return result;
    };
    const scenarios = byName("run_scenarios");
    for (let i = 0; scenarios && i < 4; i++) {
      try {
        if (!(await call(scenarios))?.isError) { break; }
      } catch (e) { console.error(`run_scenarios: ${e}`); }
    }
    // 2025-11-25: task_tool's taskSupport is "required"; url_gate is refused with -32042 until a URL elicitation is
    // complete; dropped_stream's stream is cut after its first event over Streamable HTTP
    for (const name of ["task_tool", "url_gate", "dropped_stream"]) {
      const tool = byName(name);
      if (!tool) { continue; }
      try { await call(tool); } catch (e) { console.error(`${name}: ${e}`); }
    }
    await new Promise((resolve) => setTimeout(resolve, hold));
  } finally {
    await tools.close();
  }
}

if (process.argv[1]?.endsWith("iqai_adk_client.mjs")) {  // the agent script imports its connection code
  await main();
}
