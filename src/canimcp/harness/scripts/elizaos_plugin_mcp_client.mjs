// A plain session on ElizaOS's MCP plugin (@elizaos/plugin-mcp): an AgentRuntime of @elizaos/core whose character
// names the probe in settings.mcp.servers as the plugin's README shows, with the plugin and, since the runtime will
// not start without a database adapter, @elizaos/plugin-sql (PGlite, embedded, in the working folder by default).
//   node elizaos_plugin_mcp_client.mjs stdio CMD ARGS...   |   node elizaos_plugin_mcp_client.mjs http|sse URL
// One server named "probe": { type: "stdio", command, args } or { type: "streamable-http" | "sse", url }, nothing
// else. runtime.initialize() starts the plugin's McpService, which connects, lists tools (and resources and templates
// where the server declares resources) and registers each tool as an action (PROBE_RUN_SCENARIOS, ...). The script
// then does through that service what the actions do: callTool for run_scenarios (up to four calls, until one is not
// isError: a refused input request may end a call early), then task_tool, url_gate and dropped_stream where listed,
// and readResource for the first listed resource, as the plugin's READ_MCP_RESOURCE action does once its model has
// picked one. No model: that is the agent script. The session is held, then runtime.stop() stops the service, which
// closes the transport.
import { AgentRuntime } from "@elizaos/core";
import mcpPlugin from "@elizaos/plugin-mcp";
import sqlPlugin, { createDatabaseAdapter } from "@elizaos/plugin-sql";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;

export function character(argv, extra = {}) {
  const [kind, target, ...args] = argv;
  const probe = kind === "stdio"
    ? { type: "stdio", command: target, args }
    : { type: kind === "sse" ? "sse" : "streamable-http", url: target };
  return {
    name: "Probe Agent",
    bio: ["An agent that tries MCP servers."],
    plugins: [],
    ...extra,
    settings: { ...extra.settings, mcp: { servers: { probe } } },
  };
}

// AgentRuntime.initialize() of this core reads the agents table before it runs the plugins' migrations, which fails
// on a fresh PGlite database; so the app makes plugin-sql's adapter itself and runs plugin-sql's migrations on it first,
// as ElizaOS's server does before it starts an agent (plugin-sql's init then finds the adapter and keeps it).
export async function startRuntime(opts) {
  const runtime = new AgentRuntime(opts);
  const adapter = createDatabaseAdapter({}, runtime.agentId);
  await adapter.init();
  await adapter.runPluginMigrations([{ name: sqlPlugin.name, schema: sqlPlugin.schema }], { verbose: false });
  runtime.registerDatabaseAdapter(adapter);
  await runtime.initialize();
  return runtime;
}

async function main() {
  const runtime = await startRuntime({ character: character(process.argv.slice(2)), plugins: [sqlPlugin, mcpPlugin] });
  try {
    const mcp = await runtime.getServiceLoadPromise("mcp");  // services start in the background
    await mcp.waitForInitialization();
    const server = mcp.getServers().find((s) => s.name === "probe");
    console.error(`status ${server?.status}; actions ${mcp.getRegisteredActions().map((a) => a.name).join(",")}`);
    const listed = new Set((server?.tools || []).map((t) => t.name));
    const call = async (name) => {
      const result = await mcp.callTool("probe", name, {});
      console.error(name, JSON.stringify(result).slice(0, 300));
      return result;
    };
    for (let i = 0; listed.has("run_scenarios") && i < 4; i++) {
      try {
        if (!(await call("run_scenarios")).isError) { break; }
      } catch (e) { console.error(`run_scenarios: ${e}`); }
    }
    // 2025-11-25: task_tool's taskSupport is "required"; url_gate is refused with -32042 until a URL elicitation is
    // complete; dropped_stream's stream is cut after its first event over Streamable HTTP
    for (const name of ["task_tool", "url_gate", "dropped_stream"]) {
      if (!listed.has(name)) { continue; }
      try { await call(name); } catch (e) { console.error(`${name}: ${e}`); }
    }
    const resource = server?.resources?.[0];
    if (resource) {
      try {
        const read = await mcp.readResource("probe", resource.uri);
        console.error(`read ${resource.uri}`, JSON.stringify(read).slice(0, 200));
      } catch (e) { console.error(`read ${resource.uri}: ${e}`); }
    }
    await new Promise((resolve) => setTimeout(resolve, hold));
  } finally {
    await runtime.stop();
  }
}

if (process.argv[1]?.endsWith("elizaos_plugin_mcp_client.mjs")) {  // the agent script imports its character
  await main();
  process.exit(0);
}
