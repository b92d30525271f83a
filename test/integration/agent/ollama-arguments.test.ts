// ChatOllama's invoke() drops tool calls whose `arguments` is not an object; the agent reads
// Ollama's reply as a stream (the same request ChatOllama always makes), so such a call still
// reaches the reply repair, with what the server sent kept exactly.
import { afterEach, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { createChatModel } from "../../../src/agent/chat-model.js";
import { runLlmTurn } from "../../../src/agent/llm-turn.js";
import { createToolCatalog } from "../../../src/agent/tool-choice/turn-tools.js";
import { createToolRegistry } from "../../../src/tools/registry.js";
import { captureLogger } from "../../support/capture-logger.js";
import { startFakeLlm, type FakeLlm } from "../../support/llm/server.js";

const fakes: FakeLlm[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((llm) => llm.close()));
});

async function turn(args: unknown) {
  const llm = await startFakeLlm({
    script: [
      {
        native: {
          role: "assistant",
          content: "",
          tool_calls: [{ function: { name: "list_devices", arguments: args } }],
        },
      },
      "Here they are.",
    ],
  });
  fakes.push(llm);
  const registry = createToolRegistry({ logger: captureLogger("warn").logger });
  const received: unknown[] = [];
  registry.registerTool(
    {
      name: "list_devices",
      description: "Lists devices",
      inputSchema: { type: "object", properties: { filter: { type: "string" } } },
    },
    async (callArgs) => {
      received.push(callArgs);
      return { text: "Switch One, Kid's Lamp" };
    },
  );
  const model = await createChatModel({
    provider: "ollama",
    model: "qwen3:4b",
    baseUrl: llm.url,
    timeoutMs: 5000,
  });
  const outcome = await runLlmTurn({
    tools: createToolCatalog(model!, registry).turn(registry.list().map((tool) => tool.name)),
    registry,
    messages: [new HumanMessage("which devices are there?")],
    signal: AbortSignal.timeout(10_000),
    toolTimeoutMs: 5000,
    maxRounds: 3,
    provider: "ollama",
  });
  return { outcome, received };
}

it("null arguments run the call with {}", async () => {
  const { outcome, received } = await turn(null);
  expect(received).toEqual([{}]);
  expect(outcome.speech).toBe("Here they are.");
  expect(outcome.results[0]?.repairs).toEqual(["arguments: null read as {}"]);
});

it("arguments sent as a string are decoded, and the string is kept exactly as sent", async () => {
  const sent = "{'filter': 'lamp'}";
  const { outcome, received } = await turn(sent);
  expect(received).toEqual([{ filter: "lamp" }]);
  expect(outcome.results[0]).toMatchObject({
    sent: { name: "list_devices", arguments: sent },
    repairs: ["arguments: read a single-quoted Python dict"],
  });
});
