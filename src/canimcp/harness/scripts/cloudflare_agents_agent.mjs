// An agent run of Cloudflare's Agents SDK (npm `agents`): the Worker project, wrangler and the requests of
// cloudflare_agents_client.mjs (copied beside this script), with the agent's Worker, cloudflare_agents_agent_worker.ts:
// an Agent whose one AI SDK turn (generateText on @ai-sdk/openai) gets the probe's tools from this.mcp.getAITools().
//   node cloudflare_agents_agent.mjs http|sse URL
// The scripted model's URL (CANIMCP_MODEL_URL) goes to the Worker as a variable of its wrangler.jsonc; the Worker's
// fetch reaches it on loopback, as it reaches the probe. One user turn; its text and the tools of each step are
// printed.
import { run } from "./cloudflare_agents_client.mjs";

process.exitCode = await run({
  worker: "cloudflare_agents_agent_worker.ts",
  vars: { CANIMCP_MODEL_URL: process.env.CANIMCP_MODEL_URL },
  use: async (id, post) => {
    await post("chat", { prompt: "Run the probe's scenarios, then report what you find." });
  },
});
