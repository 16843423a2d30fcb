// The TypeScript SDK 2.x client with versionNegotiation "auto" (2026-07-28 when the server speaks it), as an app
// calling a tool whose arguments the server marks with x-mcp-header: it lists the tools, prints their names, calls
// header_echo with the arguments given as JSON, and prints the result's text.
// Usage: node ts_header_client.cjs URL ARGUMENTS_JSON   (NODE_PATH: node_modules holding @modelcontextprotocol/client)
const { Client, StreamableHTTPClientTransport } = require("@modelcontextprotocol/client");

const print = (step, value) => console.log(JSON.stringify({ step, value }));

async function main() {
  const [url, args] = process.argv.slice(2);
  const client = new Client({ name: "canimcp-ts-header-app", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const { tools } = await client.listTools();
  print("tools", tools.map((tool) => tool.name));
  const result = await client.callTool({ name: "header_echo", arguments: JSON.parse(args) });
  print("echoed", result.content[0].text);
  await client.close();
}

main().catch((error) => {
  print("error", String(error));
  process.exit(1);
});
