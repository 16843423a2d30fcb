// An ElizaOS agent on ElizaOS's MCP plugin (@elizaos/plugin-mcp), as the plugin's README and ElizaOS's docs show it:
// an AgentRuntime of @elizaos/core whose character names the probe in settings.mcp.servers (the character and the
// runtime's start are elizaos_plugin_mcp_client.mjs's), with @elizaos/plugin-bootstrap (the message pipeline's
// actions and providers, which ElizaOS's own CLI adds to every character), @elizaos/plugin-sql and
// @elizaos/plugin-openai, whose documented settings point it at the scripted model: OPENAI_BASE_URL
// ($CANIMCP_MODEL_URL/v1) and a dummy OPENAI_API_KEY. The plugin makes each probe tool an action (PROBE_RUN_SCENARIOS,
// ...). ElizaOS asks its model for an XML answer naming actions, never for tool calls; only its multi-step mode
// (USE_MULTI_STEP) asks for an action's `<parameters>` and hands them to the action, which passes them to the tool
// (the default single-step mode names actions only, so an MCP tool is always called with no arguments), so the
// character's settings turn it on (core reads USE_MULTI_STEP from the runtime's settings; off unless set), with room
// for 24 steps (MAX_MULTISTEP_ITERATIONS, 6 unless set: the scripted model needs ten, and six end the run before its
// first report_nonce). One message goes to the agent through ElizaOS's
// handleMessage, from the source ElizaOS's web client uses ("client_chat"), which the agent always answers; its final
// text is printed. Needs, beside the plugin, core and plugin-sql: @elizaos/plugin-bootstrap and @elizaos/plugin-openai.
//   node elizaos_plugin_mcp_agent.mjs stdio CMD ARGS...   |   node elizaos_plugin_mcp_agent.mjs http|sse URL
import { ElizaOS, stringToUuid } from "@elizaos/core";
import bootstrapPlugin from "@elizaos/plugin-bootstrap";
import mcpPlugin from "@elizaos/plugin-mcp";
import openaiPlugin from "@elizaos/plugin-openai";
import sqlPlugin from "@elizaos/plugin-sql";
import { character, startRuntime } from "./elizaos_plugin_mcp_client.mjs";

const settings = {
  OPENAI_BASE_URL: `${process.env.CANIMCP_MODEL_URL}/v1`,
  OPENAI_SMALL_MODEL: "canimcp-scripted",
  OPENAI_LARGE_MODEL: "canimcp-scripted",
  USE_MULTI_STEP: "true",
  MAX_MULTISTEP_ITERATIONS: "24",
  secrets: { OPENAI_API_KEY: "canimcp-scripted-model" },
};
const runtime = await startRuntime({
  character: character(process.argv.slice(2), { settings }),
  plugins: [sqlPlugin, bootstrapPlugin, openaiPlugin, mcpPlugin],
});
try {
  const mcp = await runtime.getServiceLoadPromise("mcp");
  await mcp.waitForInitialization();
  const eliza = new ElizaOS();
  const { processing } = await eliza.handleMessage(runtime, {
    entityId: stringToUuid("canimcp-user"),
    roomId: stringToUuid("canimcp-room"),
    content: { text: "Run the probe's scenarios, then report what you find.", source: "client_chat" },
  });
  console.log(processing?.responseContent?.text ?? "");
} catch (e) {
  // an action whose tool call throws (the SDK's client refuses a task-only tool) ends the whole turn with that error
  console.error(`the agent's turn ended with an error: ${e}`);
} finally {
  await runtime.stop();
}
process.exit(0);
