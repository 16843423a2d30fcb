// Stagehand's own agent (`stagehand.agent()` of @browserbasehq/stagehand 3.x) with the probe as its MCP integration,
// as the MCP integrations page shows it, run for one instruction against canimcp's scripted model.
//   node stagehand_agent.mjs stdio CMD ARGS...   |   node stagehand_agent.mjs http URL
// new Stagehand({ env: "LOCAL", experimental: true, model }) (integrations are refused unless `experimental` is on)
// with the system's Chromium started headless (`localBrowserLaunchOptions`; no Browserbase account, no network), on
// its blank page. The model is an "openai/..." model with an apiKey and a baseURL of $CANIMCP_MODEL_URL/v1: the AI
// SDK's OpenAI provider, the Responses API. Over stdio the integration is the Client connectToMCPServer returns (the
// page's way for a command); over Streamable HTTP it is the URL itself, which the agent connects on execute. The agent
// is the default (tool-calling, "dom" mode for this model name), with its default system prompt and browser tools;
// execute() runs one instruction with maxSteps 40 (the default, 20, is fewer steps than the scripted model's calls),
// then the result is printed and Stagehand closes the browser.
import { Stagehand, connectToMCPServer } from "@browserbasehq/stagehand";

const [kind, target, ...args] = process.argv.slice(2);
const stagehand = new Stagehand({
  env: "LOCAL",
  experimental: true,
  verbose: 1,
  model: {
    modelName: "openai/canimcp-scripted",
    apiKey: "canimcp-scripted-model",
    baseURL: `${process.env.CANIMCP_MODEL_URL}/v1`,
  },
  localBrowserLaunchOptions: {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu"],
  },
});
await stagehand.init();
let client;
try {
  client = kind === "stdio" ? await connectToMCPServer({ command: target, args }) : undefined;
  const agent = stagehand.agent({ integrations: [client ?? target] });
  const result = await agent.execute({ instruction: "Run the probe's scenarios, then report what you find.", maxSteps: 40 });
  console.log(JSON.stringify(result).slice(0, 3000));
} finally {
  await client?.close();
  await stagehand.close();
}
