// An agent on Inngest's AgentKit (@inngest/agent-kit), run standalone (outside an Inngest function) for one user turn
// against canimcp's scripted model.
//   node inngest_agent_kit_agent.mjs stdio CMD ARGS...   |   node inngest_agent_kit_agent.mjs http|sse URL
// The agent is inngest_agent_kit_client.mjs's: createAgent with the probe as its one entry of `mcpServers` (named
// "probe", so its tools are probe-<tool>) and an empty system prompt, so that nothing is added to what the package
// sends. Its model is AgentKit's own `openai` adapter (from @inngest/ai, a dependency: Chat Completions, not
// streamed) with `baseUrl` at the scripted model ($CANIMCP_MODEL_URL/v1/) and a dummy key; outside an Inngest
// function AgentKit posts to that URL itself. An agent's run() makes one model call and runs the tools it asks for;
// the turns that follow are a network's work: createNetwork with this one agent and a code router, the kind
// AgentKit's documentation shows, that hands the turn back to the agent while its last result called tools and
// ends it when the model answers with text alone, with maxIter 20 as a bound (about a dozen calls are needed).
// The last text is printed; the process then exits, since AgentKit has no way to close its MCP clients.
// One repair, without which no model call is made: release 0.13.2 turns each MCP tool's inputSchema into a zod 3
// schema (@dmitryrechkin/json-schema-to-zod brings its own zod 3) and its model adapters then hand that schema to
// zod 4's toJSONSchema, which throws, so an agent with an MCP server fails before its first model request (AgentKit's
// issue #312). An onStart hook, AgentKit's own lifecycle, rebuilds each MCP tool's `parameters` from the tool's own
// inputSchema with zod 4's fromJSONSchema (what the tool offers the model is then that schema again); the tools,
// their handlers and everything the model sees of their results stay AgentKit's. CANIMCP_AGENT_KIT_AS_SHIPPED=1
// leaves the tools as AgentKit made them (the run then ends at that error).
import { createAgent, createNetwork, openai } from "@inngest/agent-kit";
import { z } from "zod";

const [kind, target, ...args] = process.argv.slice(2);
const transport = kind === "stdio"
  ? { type: "stdio", command: target, args }
  : kind === "sse" ? { type: "sse", url: target } : { type: "streamable-http", url: target };
const model = openai({
  model: "canimcp-scripted",
  baseUrl: `${process.env.CANIMCP_MODEL_URL}/v1/`,
  apiKey: "canimcp-scripted-model",
});
const asShipped = process.env.CANIMCP_AGENT_KIT_AS_SHIPPED === "1";
function zod4Parameters({ agent, prompt, history }) {
  for (const tool of agent.tools.values()) {
    if (!tool.mcp || !tool.parameters || "_zod" in tool.parameters) { continue; }
    try {
      tool.parameters = z.fromJSONSchema(tool.mcp.tool.inputSchema);
    } catch (e) {
      console.error(`${tool.name}: offered with no parameters (${e})`);
      tool.parameters = undefined;
    }
  }
  return { prompt, history, stop: false };
}
const agent = createAgent({
  name: "canimcp-agent",
  system: "",
  mcpServers: [{ name: "probe", transport }],
  ...(!asShipped && { lifecycle: { onStart: zod4Parameters } }),
});
const network = createNetwork({
  name: "canimcp-network",
  agents: [agent],
  defaultModel: model,
  maxIter: 20,
  router: ({ lastResult }) => (!lastResult || lastResult.toolCalls.length > 0 ? agent : undefined),
});
try {
  const run = await network.run("Run the probe's scenarios, then report what you find.");
  const last = run.state.results.at(-1);
  const text = last?.output.filter((m) => m.type === "text").map((m) => m.content).join("\n");
  console.log(text || "(no text)");
  process.exit(0);
} catch (e) {
  console.error(e);
  process.exit(1);
}
