// The Worker of a plain run of Cloudflare's Agents SDK (npm `agents`): an Agent (a Durable Object) that connects to
// one MCP server with this.addMcpServer and uses it through this.mcp, the way the SDK's "Connecting to MCP Servers"
// page shows: defaults only. cloudflare_agents_client.mjs writes it into a Worker project as src/server.ts, starts
// `wrangler dev` on it and drives it with HTTP requests to the Agent instance /agents/my-agent/default/<action>:
//   connect  {url, transport}  addMcpServer("probe", url), with { transport: { type: "sse" } } for the legacy
//                              transport (the default type, "auto", tries Streamable HTTP first); the result and
//                              getMcpServers() come back (an OAuth-protected server gives `authenticating` and the
//                              authorization URL, whose callback this Agent's MCP client takes by itself)
//   status                     getMcpServers(), once the connections a woken Agent restores have settled
//   session                    the probe's tools called through this.mcp.getAITools(), the tools an AI SDK model
//                              gets (run_scenarios until a result says it is done, at most four calls, then the
//                              tools of one era where listed), then the first resource read and the first prompt
//                              got through this.mcp; a log of what came back
//   close                      removeMcpServer
// The Agent's class name is the clientInfo name its MCP client sends (with version "0.0.1"). With the Worker variable
// CANIMCP_ELICITATION_HANDLERS=1 (never in harness runs) the Agent configures elicitation handlers in onStart.
import { Agent, routeAgentRequest } from "agents";

type Env = Record<string, unknown>;

const DONE = "Scenarios done"; // how the probe's run_scenarios result starts once nothing is left to ask
// 2026-07-28: the Mcp-Param header tools; 2025-11-25: task_tool (task support "required") and url_gate (-32042 until
// a URL elicitation is complete); dropped_stream's stream is cut after its first event over Streamable HTTP
const LATE: [string, Record<string, unknown>][] = [
  ["header_echo", { region: "eu-west-1", greeting: "Grüße, MCP" }],
  ["header_invalid", { filter: { kind: "probe" } }],
  ["header_number", { ratio: 0.5 }],
  ["task_tool", {}],
  ["url_gate", {}],
  ["dropped_stream", {}],
];

const short = (value: unknown) => (JSON.stringify(value) ?? String(value)).slice(0, 400);

export class MyAgent extends Agent<Env> {
  onStart() {
    // only in the reports made by hand with CANIMCP_ELICITATION_HANDLERS=1: handlers shaped like the "Protocol
    // negotiation and elicitation" example (a URL accepted as delivered; a form accepted with the requested name
    // filled in, where the example returns empty content under "Collect values matching requestedSchema")
    if (this.env.CANIMCP_ELICITATION_HANDLERS === "1") {
      this.mcp.configureElicitationHandlers({
        url: async () => ({ action: "accept" as const, content: {} }),
        form: async () => ({ action: "accept" as const, content: { name: "canimcp" } }),
      });
    }
  }

  async onRequest(request: Request) {
    const action = new URL(request.url).pathname.split("/").pop();
    const body = request.method === "POST" ? await request.json<Record<string, string>>() : {};
    if (action === "connect") {
      const options = body.transport === "sse" ? { transport: { type: "sse" as const } } : undefined;
      try {
        const result = await this.addMcpServer("probe", body.url, options);
        return Response.json({ result, servers: this.getMcpServers() });
      } catch (e) {
        return Response.json({ error: String(e), servers: this.getMcpServers() }, { status: 500 });
      }
    }
    if (action === "status") {
      // after the Durable Object was evicted, its first request restores the stored connections in the background
      await this.mcp.waitForConnections({ timeout: 10_000 });
      return Response.json(this.getMcpServers());
    }
    if (action === "session") {
      return Response.json(await this.session(body.id));
    }
    if (action === "close") {
      await this.removeMcpServer(body.id);
      return Response.json({ removed: body.id });
    }
    return new Response("Not found", { status: 404 });
  }

  async session(serverId: string) {
    const log: string[] = [];
    const step = async (label: string, call: () => Promise<unknown>) => {
      try {
        const value = await call();
        log.push(`${label}: ${short(value)}`);
        return value;
      } catch (e) {
        log.push(`${label} threw: ${String(e).slice(0, 400)}`);
        return undefined;
      }
    };
    // the tools as an AI SDK model gets them: tool_<server id without dashes>_<tool>, each `execute` a tools/call
    // that throws the first text of an isError result
    const aiTools = () => this.mcp.getAITools() as Record<string, { execute: (args: unknown) => Promise<unknown> }>;
    const key = `tool_${serverId.replace(/-/g, "")}_`;
    log.push(`tools: ${Object.keys(aiTools()).join(", ")}`);
    for (let i = 0; aiTools()[`${key}run_scenarios`] && i < 4; i++) {
      const result = await step("run_scenarios", () => aiTools()[`${key}run_scenarios`].execute({}));
      if (JSON.stringify(result ?? "").includes(DONE)) {
        break;
      }
    }
    for (const [name, args] of LATE) {
      const tool = aiTools()[key + name];
      if (tool) {
        await step(name, () => tool.execute(args));
      }
    }
    const [resource] = this.mcp.listResources();
    if (resource) {
      await step(`readResource ${resource.uri}`, () => this.mcp.readResource({ serverId, uri: resource.uri }));
    }
    const [prompt] = this.mcp.listPrompts();
    if (prompt) {
      const argument = prompt.arguments?.[0];
      const args = argument ? { [argument.name]: "roots" } : {};
      await step(`getPrompt ${prompt.name}`, () => this.mcp.getPrompt({ serverId, name: prompt.name, arguments: args }));
    }
    return { log, servers: this.getMcpServers() };
  }
}

export default {
  async fetch(request: Request, env: Env) {
    return (await routeAgentRequest(request, env)) ?? new Response("Not found", { status: 404 });
  },
};
