// A plain client on the Vercel AI SDK's MCP client (@ai-sdk/mcp).
//   node ai_sdk_client.mjs stdio CMD ARGS...   |   node ai_sdk_client.mjs http URL
import { experimental_createMCPClient as createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport as StdioTransport } from "@ai-sdk/mcp/mcp-stdio";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const transport = kind === "stdio"
  ? new StdioTransport({ command: target, args, env: process.env })
  : { type: "http", url: target };
const client = await createMCPClient({ transport });
await client.tools();
await new Promise((resolve) => setTimeout(resolve, hold));
await client.close();
