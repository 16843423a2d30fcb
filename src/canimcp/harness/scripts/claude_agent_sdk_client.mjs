// An app on the Claude Agent SDK for TypeScript (@anthropic-ai/claude-agent-sdk) that gives its agent one MCP
// server, as the SDK's MCP guide shows it: `query()` with the server in `mcpServers` and the guide's wildcard in
// `allowedTools` (without it every MCP tool call waits for a permission the one-shot app never gives), every other
// option left at its default (settingSources omitted, no permissionMode, no canUseTool, no onElicitation).
//   node claude_agent_sdk_client.mjs stdio CMD ARGS...   |   node claude_agent_sdk_client.mjs http|sse URL
// The SDK is a library around the Claude Code executable of its platform package: query() spawns it in its
// stream-json mode with the servers on --mcp-config, and that executable is the MCP client the probe meets. Its model
// is canimcp's scripted model, reached as the Anthropic API at ANTHROPIC_BASE_URL with a dummy ANTHROPIC_API_KEY (the
// recipe sets both, as the SDK documents for the environment it passes on to the executable). The messages of the
// run are printed one a line, so that a trial shows what the app was told.
import { query } from "@anthropic-ai/claude-agent-sdk";

const [kind, target, ...args] = process.argv.slice(2);
const probe = kind === "stdio" ? { type: "stdio", command: target, args } : { type: kind, url: target };
for await (const message of query({
  prompt: "hi",
  options: { mcpServers: { probe }, allowedTools: ["mcp__probe__*"] },
})) {
  if (message.type === "system" && message.subtype === "init") {
    console.log(JSON.stringify({ init: { mcp_servers: message.mcp_servers, tools: message.tools, model: message.model } }));
  } else if (message.type === "result") {
    console.log(JSON.stringify({ result: message.subtype, text: message.result, turns: message.num_turns }));
  } else {
    console.log(message.type, message.subtype ?? "");
  }
}
