// A plain client on Agentica (@agentica/core) and its MCP controller, as its MCP guide shows it: no model.
//   node agentica_client.mjs stdio CMD ARGS...   |   node agentica_client.mjs http|sse URL
// Agentica makes no MCP connection of its own: the app builds a Client of the official TypeScript SDK
// (@modelcontextprotocol/sdk, a peer dependency), connects it with one of the SDK's transports and hands it to
// assertMcpController, which lists the tools and makes the controller. The guide shows StdioClientTransport and, for
// URLs, the SDK's SSE transport; a Streamable HTTP server is reached the same way with the SDK's
// StreamableHTTPClientTransport. The Client gets the guide's shape, a name and a version and nothing else ("probe").
// With no model, the script runs the probe's tools the way Agentica's executor does once a model picked them:
// `client.callTool({ method: NAME, name: NAME, arguments })`, keeping only the result's `content`. It runs
// run_scenarios (up to four calls, until one says the probe is done), then task_tool, url_gate and dropped_stream
// where the controller lists them, stays a while and closes the SDK client (Agentica has no close of its own).
import { assertMcpController } from "@agentica/core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);

async function transport() {
  if (kind === "stdio") {
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    return new StdioClientTransport({ command: target, args });
  }
  if (kind === "sse") {
    const { SSEClientTransport } = await import("@modelcontextprotocol/sdk/client/sse.js");
    return new SSEClientTransport(new URL(target));
  }
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
  return new StreamableHTTPClientTransport(new URL(target));
}

// the SDK Client the app builds and connects (the agent script takes its connection from here)
export async function connect() {
  const client = new Client({ name: "probe", version: "1.0.0" });
  await client.connect(await transport());
  return client;
}

async function main() {
  const client = await connect();
  try {
    const controller = await assertMcpController({ name: "probe", model: "chatgpt", client });
    const names = controller.application.functions.map((f) => f.name);
    console.error(`functions: ${names.join(", ")}`);
    if (controller.application.errors?.length) { console.error(JSON.stringify(controller.application.errors)); }
    // what Agentica's executeMcpOperation sends for a function the model called, and what it keeps of the answer
    const execute = (name) => client.callTool({ method: name, name, arguments: {} }).then((v) => v.content);
    for (let i = 0; names.includes("run_scenarios") && i < 4; i++) {
      try {
        const content = await execute("run_scenarios");
        console.error(JSON.stringify(content).slice(0, 300));
        if (JSON.stringify(content).includes("Scenarios done")) { break; }
      } catch (e) { console.error(String(e)); }
    }
    // 2025-11-25: task_tool's taskSupport is "required"; url_gate is refused with -32042 until a URL elicitation is
    // complete; dropped_stream's stream is cut after its first event over Streamable HTTP
    for (const name of ["task_tool", "url_gate", "dropped_stream"]) {
      if (!names.includes(name)) { continue; }
      try {
        console.error(name, JSON.stringify(await execute(name)).slice(0, 300));
      } catch (e) { console.error(`${name}: ${e}`); }
    }
    await new Promise((resolve) => setTimeout(resolve, hold));
  } finally {
    await client.close();
  }
}

if (process.argv[1]?.endsWith("agentica_client.mjs")) {  // the agent script imports its connection code
  await main();
}
