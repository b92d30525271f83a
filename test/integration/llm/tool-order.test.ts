// What the model is sent does not depend on which MCP server connected first: the same home and
// the same tools are the same bytes, so the same tools survive any cut and a provider can cache
// the prompt's start. One test per order of three real MCP servers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent } from "../../../src/agent/agent.js";
import { createChatModel } from "../../../src/agent/chat-model.js";
import { createUnconfiguredMirror } from "../../../src/ha/mirror.js";
import { createMcpServers } from "../../../src/mcp/client/servers.js";
import { findToolsTool } from "../../../src/tools/local/find-tools.js";
import { createToolRegistry } from "../../../src/tools/registry.js";
import { createToolSearch } from "../../../src/tools/tool-search.js";
import { captureLogger } from "../../support/capture-logger.js";
import { startFakeLlm, type FakeLlm } from "../../support/llm/server.js";
import { fixtureServer, objectSchema } from "../../support/mcp/fixtures.js";

const SERVERS = ["lights", "music", "garden"].map((name) =>
  fixtureServer({
    name,
    tools: [
      { name: `${name}_status`, description: `Status of the ${name}.`, inputSchema: objectSchema({}) },
      {
        name: `${name}_set`,
        description: `Change the ${name}.`,
        inputSchema: objectSchema({ value: { type: "string" } }, ["value"]),
      },
    ],
  }),
);

const ORDERS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm({ script: () => "Nothing to do." });
});
afterAll(() => llm.close());

/** The request body one sentence sends, with the servers connected one after another in `order`. */
async function sentWith(order: number[]): Promise<string> {
  const { logger } = captureLogger("warn");
  const registry = createToolRegistry({ logger });
  const servers = createMcpServers({ registry, logger });
  try {
    for (const i of order) await servers.add(SERVERS[i]!);
    const search = createToolSearch(registry);
    const find = findToolsTool(search);
    registry.registerTool(find.definition, find.executor);
    const model = await createChatModel({
      provider: "openai",
      model: "gpt-4o-mini",
      apiKey: "test-key",
      baseUrl: llm.openaiUrl,
      timeoutMs: 10_000,
    });
    const agent = createAgent({
      registry,
      mirror: createUnconfiguredMirror(),
      logger,
      model: model!,
      provider: "openai",
      language: "en",
      haAgent: false,
      toolSearch: search,
    });
    const before = llm.requests.length;
    await agent.handle({ text: "how is the garden doing", conversationId: "order" });
    return JSON.stringify(llm.requests[before]!.body);
  } finally {
    await servers.close();
  }
}

describe("the request sent for the same home and tools", () => {
  let reference: string;
  beforeAll(async () => {
    reference = await sentWith([0, 1, 2]);
  }, 60_000);

  it.each(ORDERS.map((order) => [order.map((i) => SERVERS[i]!.name).join(" → "), order] as const))(
    "is byte-identical when the servers connect %s",
    async (_, order) => {
      const sent = await sentWith([...order]);
      expect(JSON.parse(sent).tools.length).toBeGreaterThan(1);
      expect(sent).toBe(reference);
    },
    60_000,
  );
});
