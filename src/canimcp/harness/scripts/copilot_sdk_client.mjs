// An app on the GitHub Copilot SDK (@github/copilot-sdk) that gives its session one MCP server, written as the SDK's
// README shows a session: `new CopilotClient()`, `start()`, `createSession()` with `onPermissionRequest: approveAll`,
// then `send()` and wait for `session.idle`. The server is the session config's `mcpServers` entry (a command for
// stdio, `type: "http"` or `type: "sse"` with a URL), and the model a bring-your-own-key `provider` (the README's
// custom OpenAI-compatible provider) at canimcp's scripted model, CANIMCP_MODEL_URL, with a placeholder key.
// `useLoggedInUser: false` is the SDK's way to start the runtime without a GitHub sign-in (`--no-auto-login`).
//   node copilot_sdk_client.mjs stdio CMD ARGS...   |   node copilot_sdk_client.mjs http|sse URL
// The SDK is not an MCP client of its own: `start()` copies the Copilot CLI runtime of its platform package
// (@github/copilot-sdk-linux-x64) under ~/.cache and spawns it headless on stdio; that runtime connects the server.
// The session's events are printed one a line, so that a trial shows what the app was told.
import { CopilotClient, approveAll } from "@github/copilot-sdk";

const [kind, target, ...args] = process.argv.slice(2);
const probe = kind === "stdio" ? { type: "stdio", command: target, args } : { type: kind, url: target };

const client = new CopilotClient({ useLoggedInUser: false });
await client.start();
const session = await client.createSession({
  model: "gpt-4o",
  provider: { type: "openai", baseUrl: `${process.env.CANIMCP_MODEL_URL}/v1`, apiKey: "canimcp-scripted-model" },
  mcpServers: { probe },
  onPermissionRequest: approveAll,
});
const idle = new Promise((resolve) => session.on("session.idle", resolve));
session.on((event) => {
  const data = event.type === "assistant.message" ? { content: event.data.content } : undefined;
  console.log(JSON.stringify({ event: event.type, ...data }));
});
await session.send({ prompt: "hi" });
await idle;
await session.disconnect();
await client.stop();
