// A failed tool call must reach the model as a failure, whatever the provider: the request body
// the real LangChain client sends after the call carries the mark (Anthropic `is_error: true`,
// "Error:" text for every provider), and a success carries none.
import { afterEach, describe, expect, it } from "vitest";
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

async function turn(provider: "anthropic" | "openai" | "ollama", toolName: string) {
  const llm = await startFakeLlm({
    script: [{ toolCalls: [{ name: toolName, args: { deviceName: "Porch Light" } }] }, "It did not work."],
  });
  fakes.push(llm);
  const registry = createToolRegistry({ logger: captureLogger("warn").logger });
  const schema = { type: "object", properties: { deviceName: { type: "string" } } };
  registry.registerTool({ name: "switch_porch", description: "fails", inputSchema: schema }, async () => ({
    text: "Porch Light did not answer: it is dead",
    isError: true,
  }));
  registry.registerTool({ name: "read_porch", description: "works", inputSchema: schema }, async () => ({
    text: "Porch Light is off",
  }));
  const model = await createChatModel({
    provider,
    model: provider === "openai" ? "gpt-4o-mini" : "test-model",
    apiKey: "test-key",
    baseUrl: provider === "openai" ? llm.openaiUrl : llm.url,
    timeoutMs: 5000,
  });
  const outcome = await runLlmTurn({
    tools: createToolCatalog(model!, registry).turn(registry.list().map((tool) => tool.name)),
    registry,
    messages: [new HumanMessage("switch the porch light on")],
    signal: AbortSignal.timeout(10_000),
    toolTimeoutMs: 5000,
    maxRounds: 3,
    provider,
  });
  expect(outcome.speech).toBe("It did not work.");
  return llm.requests[1]!.body.messages as Array<Record<string, unknown>>;
}

describe.each(["anthropic", "openai", "ollama"] as const)(
  "a tool result sent back through %s",
  (provider) => {
    it("a failure is marked as one in the request the model receives", async () => {
      const messages = await turn(provider, "switch_porch");
      if (provider === "anthropic") {
        const block = (messages.at(-1)!.content as Array<Record<string, unknown>>)[0]!;
        expect(block).toMatchObject({ type: "tool_result", is_error: true });
        expect(block.content).toBe("Error: Porch Light did not answer: it is dead");
      } else {
        const tool = messages.find((m) => m.role === "tool")!;
        expect(tool.content).toBe("Error: Porch Light did not answer: it is dead");
      }
    });

    it("a success carries no failure mark", async () => {
      const messages = await turn(provider, "read_porch");
      if (provider === "anthropic") {
        const block = (messages.at(-1)!.content as Array<Record<string, unknown>>)[0]!;
        expect(block.is_error).toBeUndefined();
        expect(block.content).toBe("Porch Light is off");
      } else {
        expect(messages.find((m) => m.role === "tool")!.content).toBe("Porch Light is off");
      }
    });
  },
);
