// Prompt caching: the tools and the home part of the system prompt stay byte-identical from turn
// to turn (what changes per request goes last), Anthropic's prefix carries cache_control, and each
// turn records cached and uncached input tokens from the provider's usage fields.
import { afterEach, describe, expect, it } from "vitest";
import { createAgent } from "../../../src/agent/agent.js";
import { createChatModel } from "../../../src/agent/chat-model.js";
import { createUnconfiguredMirror } from "../../../src/ha/mirror.js";
import { createToolRegistry } from "../../../src/tools/registry.js";
import { captureLogger } from "../../support/capture-logger.js";
import { startFakeLlm, type FakeLlm } from "../../support/llm/server.js";

const fakes: FakeLlm[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((llm) => llm.close()));
});

async function twoTurns(provider: "anthropic" | "openai") {
  const llm = await startFakeLlm({ script: () => "Sure." });
  fakes.push(llm);
  const { logger } = captureLogger("warn");
  const registry = createToolRegistry({ logger });
  registry.registerTool(
    {
      name: "get_datetime",
      description: "The current date and time of the home.",
      inputSchema: { type: "object", properties: {} },
      annotations: { readOnlyHint: true },
    },
    async () => ({ text: "It is noon." }),
  );
  const model = await createChatModel({
    provider,
    apiKey: "test-key",
    baseUrl: provider === "openai" ? llm.openaiUrl : llm.url,
    timeoutMs: 10_000,
  });
  const agent = createAgent({
    registry,
    mirror: createUnconfiguredMirror(),
    logger,
    ...(model ? { model } : {}),
    provider,
    language: "en",
  });
  await agent.handle({ text: "tell me something nice", conversationId: "a" });
  await agent.handle({ text: "sag mir was Nettes", language: "de", conversationId: "b" });
  return { llm, turns: agent.recentTurns() };
}

describe("prompt caching", () => {
  it("anthropic: tools and the marked home prefix are byte-identical across turns; cache writes, then reads", async () => {
    const { llm, turns } = await twoTurns("anthropic");
    const [first, second] = llm.requests.map((r) => r.body);
    const system = (body: Record<string, unknown> | undefined) =>
      body?.system as Array<{ text: string; cache_control?: unknown }>;
    expect(system(first)[0]?.cache_control).toEqual({ type: "ephemeral" });
    expect(JSON.stringify(system(second)[0])).toBe(JSON.stringify(system(first)[0]));
    expect(JSON.stringify(second?.tools)).toBe(JSON.stringify(first?.tools));
    // What differs per request (the language) is after the cached block.
    expect(system(first)[1]?.text).toContain('"en"');
    expect(system(second)[1]?.text).toContain('"de"');
    expect(turns[0]?.llm?.tokens?.cacheWrite).toBeGreaterThan(0);
    expect(turns[0]?.llm?.tokens?.cachedInput).toBe(0);
    expect(turns[1]?.llm?.tokens?.cachedInput).toBeGreaterThan(0);
  });

  it("openai: the system message starts with the same bytes, and the cached tokens reach the turn record", async () => {
    const { llm, turns } = await twoTurns("openai");
    const systemText = (i: number) =>
      String((llm.requests[i]?.body.messages as Array<{ content: string }>)[0]?.content);
    const firstHome = systemText(0).split("\n\nAnswer in the language")[0] ?? "";
    expect(firstHome.length).toBeGreaterThan(100);
    expect(systemText(1).startsWith(firstHome)).toBe(true);
    expect(turns[0]?.llm?.tokens?.cachedInput).toBe(0);
    expect(turns[1]?.llm).toMatchObject({ requests: 1 });
    expect(turns[1]?.llm?.tokens?.cachedInput).toBeGreaterThan(0);
  });
});
