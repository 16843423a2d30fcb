// An agent on Agentica (@agentica/core) with the probe as its MCP controller, as its guides show one, run against
// canimcp's scripted model.
//   node agentica_agent.mjs stdio CMD ARGS...   |   node agentica_agent.mjs http|sse URL
// The MCP connection and controller are agentica_client.mjs's (the SDK Client the app connects, then
// assertMcpController). The agent is MicroAgentica, the guides' smaller agent: each conversate() offers the model
// every function and runs the calls it makes, then has it describe the results. Agentica, the larger one, first has
// the model pick functions by name through its own `selectFunctions` tool, an answer the scripted model does not give
// (it would reply with text and no MCP tool would be offered). The vendor is the documented pair of an OpenAI client
// (baseURL $CANIMCP_MODEL_URL/v1, a dummy key) and a model name; Agentica speaks Chat Completions, streamed.
// A conversate() is one round of calls (the scripted model makes one call a round), so the script goes on with the
// same user message until a round calls nothing, at most 20 rounds; each round sends the whole history so far.
// Needs beside @agentica/core: openai (a peer dependency, installed with it).
import { assertMcpController, MicroAgentica } from "@agentica/core";
import OpenAI from "openai";

import { connect } from "./agentica_client.mjs";

const client = await connect();
try {
  const agent = new MicroAgentica({
    model: "chatgpt",
    vendor: {
      api: new OpenAI({ baseURL: `${process.env.CANIMCP_MODEL_URL}/v1`, apiKey: "canimcp-scripted-model" }),
      model: "canimcp-scripted",
    },
    controllers: [await assertMcpController({ name: "probe", model: "chatgpt", client })],
  });
  agent.on("execute", (event) => console.error(event.operation.name, JSON.stringify(event.value).slice(0, 200)));
  for (let round = 0; round < 20; round++) {
    const histories = await agent.conversate("Run the probe's scenarios, then report what you find.");
    if (!histories.some((h) => h.type === "execute")) {
      console.log(histories.filter((h) => h.type === "assistantMessage").map((h) => h.text).join("\n"));
      break;
    }
  }
} finally {
  await client.close();
}
