// The TypeScript SDK 2.x client as an app that uses the skills extension's client API (`SkillsClient`, from
// `@modelcontextprotocol/client/ext/skills`, 2.4.0 on): it lists the server's skills, gets one by its URI, and reads
// and verifies its SKILL.md against the entry (size, digest, frontmatter).
// Usage: node ts_skills_client.cjs COMMAND [ARGS...]   (the stdio server to spawn, e.g. canimcp probe stdio)
// Run with NODE_PATH pointing at node_modules holding @modelcontextprotocol/client 2.4.0 or newer;
// CANIMCP_TS_NEGOTIATION=auto turns its versionNegotiation on. Prints one JSON line per step.
const { Client } = require("@modelcontextprotocol/client");
const { StdioClientTransport } = require("@modelcontextprotocol/client/stdio");
const { SkillsClient } = require("@modelcontextprotocol/client/ext/skills");

const negotiation = process.env.CANIMCP_TS_NEGOTIATION;
const print = (step, value) => console.log(JSON.stringify({ step, value }));

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const options = negotiation ? { versionNegotiation: { mode: negotiation } } : {};
  const client = new Client({ name: "canimcp-ts-skills-app", version: "1.0.0" }, options);
  await client.connect(new StdioClientTransport({ command, args, stderr: "inherit" }));
  const skills = new SkillsClient(client);
  print("supported", skills.supported);
  const listed = await skills.list();
  print("listed", listed.skills.map((entry) => entry.uri));
  const got = await skills.get(listed.skills[0].uri);
  print("got", got.skill.frontmatter.name);
  const file = await skills.read(got.skill);
  print("read", { uri: file.uri, verified: file.verified, name: file.frontmatter.name, body: file.body });
  await client.close();
}

main().catch((error) => {
  print("error", String(error));
  process.exit(1);
});
