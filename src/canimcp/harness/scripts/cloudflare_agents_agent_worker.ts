// The Worker of an agent run of Cloudflare's Agents SDK (npm `agents`): an Agent (a Durable Object) that connects to
// one MCP server with this.addMcpServer and gives its tools to an AI SDK model with this.mcp.getAITools(), the way the
// SDK's "Connecting to MCP Servers" page shows ("Integration with AI SDK": generateText with `tools:
// this.mcp.getAITools()` on @ai-sdk/openai). cloudflare_agents_agent.mjs writes it into a Worker project as
// src/server.ts, starts `wrangler dev` on it (with the scripted model's URL as the variable CANIMCP_MODEL_URL) and
// drives it with HTTP requests to the Agent instance /agents/my-agent/default/<action>:
//   connect  {url, transport}  addMcpServer("probe", url), with { transport: { type: "sse" } } for the legacy
//                              transport (the default type, "auto", tries Streamable HTTP first)
//   status                     getMcpServers(), once the connections a woken Agent restores have settled
//   chat                       one generateText turn: the model is createOpenAI({ baseURL }) at the scripted model
//                              (a dummy key), used the provider's default way (the Responses API), no system prompt
//                              (the SDK adds none: the server's instructions stay in getMcpServers()), and
//                              stopWhen: stepCountIs(24), since the AI SDK stops after one step by default and the
//                              scripted model calls about a dozen tools; its text and steps come back
//   close                      removeMcpServer
// Needs, beside agents and wrangler: ai and @ai-sdk/openai.
import { createOpenAI } from "@ai-sdk/openai";
import { Agent, routeAgentRequest } from "agents";
import { generateText, stepCountIs } from "ai";

type Env = { CANIMCP_MODEL_URL: string };

export class MyAgent extends Agent<Env> {
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
    if (action === "chat") {
      return Response.json(await this.chat(body.prompt));
    }
    if (action === "close") {
      await this.removeMcpServer(body.id);
      return Response.json({ removed: body.id });
    }
    return new Response("Not found", { status: 404 });
  }

  async chat(prompt: string) {
    const openai = createOpenAI({ baseURL: `${this.env.CANIMCP_MODEL_URL}/v1`, apiKey: "canimcp-scripted-model" });
    try {
      const response = await generateText({
        model: openai("canimcp-scripted"),
        prompt,
        tools: this.mcp.getAITools(),
        stopWhen: stepCountIs(24),
      });
      const steps = response.steps.map((step) => step.toolCalls.map((call) => call.toolName).join(","));
      return { text: response.text, steps };
    } catch (e) {
      return { error: String(e).slice(0, 2000) };
    }
  }
}

export default {
  async fetch(request: Request, env: Env) {
    return (await routeAgentRequest(request, env)) ?? new Response("Not found", { status: 404 });
  },
};
