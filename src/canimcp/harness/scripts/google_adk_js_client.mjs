// A plain client on the MCP toolset of Google's ADK for TypeScript (@google/adk), as ADK's MCP page shows it.
//   node google_adk_js_client.mjs stdio CMD ARGS...   |   node google_adk_js_client.mjs http URL
// new MCPToolset({ type: "StdioConnectionParams", serverParams: { command, args } }) for stdio, or
// { type: "StreamableHTTPConnectionParams", url } for Streamable HTTP (the TypeScript ADK has no SSE parameters), and
// nothing else: no tool filter, no prefix. getTools() lists; each tool is called the way ADK's agent loop calls it,
// runAsync({ args, toolContext }), with the Context of an invocation whose agent never runs (the tool reads the
// context's abort signal). run_scenarios up to four times, until a result is not isError (a refusal of an input
// request ends a 2026-07-28 call), then task_tool, url_gate and dropped_stream where the probe lists them. The
// toolset opens a session for every listing and every call and closes it afterwards, so the hold at the end keeps
// only the process alive; close() ends whatever is left. No model: that is the agent script.
// The TypeScript SDK (@modelcontextprotocol/sdk, 1.x) is an optional peer of ADK, installed beside it as ADK's error
// message asks. With CANIMCP_AUTH=1 (HTTP) the parameters carry `transportOptions: { authProvider }`, which ADK hands
// to the SDK's Streamable HTTP transport as they are: an OAuthClientProvider kept in memory (oauth_memory.mjs, copied
// beside this script). The first getTools() fails once the provider has been sent to authorize; ADK keeps its
// transports to itself, so the script finishes the sign-in on an SDK transport of its own (finishAuth), as an app
// would, and lists again with the same toolset, whose provider now holds a token.
import {
  Context, InMemorySessionService, InvocationContext, LlmAgent, MCPToolset, PluginManager,
} from "@google/adk";
import { memoryProvider } from "./oauth_memory.mjs";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;

export function toolset(argv, authProvider) {
  const [kind, target, ...args] = argv;
  return new MCPToolset(kind === "stdio"
    ? { type: "StdioConnectionParams", serverParams: { command: target, args } }
    : {
      type: "StreamableHTTPConnectionParams",
      url: target,
      ...(authProvider && { transportOptions: { authProvider } }),
    });
}

async function toolContext() {
  const sessions = new InMemorySessionService();
  const session = await sessions.createSession({ appName: "canimcp", userId: "probe" });
  const invocationContext = new InvocationContext({
    invocationId: "probe", session, sessionService: sessions, agent: new LlmAgent({ name: "probe" }),
    pluginManager: new PluginManager(),
  });
  return new Context({ invocationContext });
}

async function main() {
  const argv = process.argv.slice(2);
  const authProvider =
    argv[0] === "http" && process.env.CANIMCP_AUTH === "1" ? memoryProvider("canimcp-harness-google-adk-js") : undefined;
  const tools = toolset(argv, authProvider);
  try {
    let listed;
    try {
      listed = await tools.getTools();
    } catch (e) {
      if (!authProvider?.kept.code) { throw e; }
      console.error(String(e));
      const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
      await new StreamableHTTPClientTransport(new URL(argv[1]), { authProvider }).finishAuth(authProvider.kept.code);
      listed = await tools.getTools();
    }
    const byName = (name) => listed.find((tool) => tool.name === name);
    const context = await toolContext();
    const call = async (tool) => {
      const result = await tool.runAsync({ args: {}, toolContext: context });
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

if (process.argv[1]?.endsWith("google_adk_js_client.mjs")) {  // the agent script imports its connection code
  await main();
}
