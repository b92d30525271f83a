// A local model's context, from outside: a 150-entity home with about 130 tools (the bridge's own
// and two MCP servers users add), an Ollama that cuts prompts as its runner does, and a llama.cpp
// server that refuses what does not fit. The scripted model acts only on what reached it: it calls
// a tool only when the tool's whole definition survived, and follows the rules only when they did.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent } from "../../../src/agent/agent.js";
import { createChatModel } from "../../../src/agent/chat-model.js";
import { modelContext } from "../../../src/agent/context-budget/model-context.js";
import { createHomeMirror, type HomeMirror } from "../../../src/ha/mirror.js";
import { createMcpServers, type McpServers } from "../../../src/mcp/client/servers.js";
import { homeTools } from "../../../src/tools/local/index.js";
import { findToolsTool } from "../../../src/tools/local/find-tools.js";
import { createToolRegistry, type ToolRegistry } from "../../../src/tools/registry.js";
import { createToolSearch, type ToolSearch } from "../../../src/tools/tool-search.js";
import type { TurnRecord } from "../../../src/agent/types.js";
import { captureLogger } from "../../support/capture-logger.js";
import { generateHome } from "../../support/ha-home.js";
import { startFakeHa, type FakeHa } from "../../support/ha-server.js";
import type { ContextServer } from "../../support/llm/context-window.js";
import { startFakeLlm, type FakeLlm, type FakeLlmRequest, type FakeReply } from "../../support/llm/server.js";
import { manyToolServers } from "../../support/mcp/many-tools.js";

interface Action {
  sentence: string;
  tool: string;
  args: Record<string, unknown>;
  /** What the model asks find_tools for when the tool was not offered. */
  search: string;
}

/** The model of these tests: it knows what each sentence needs, and sees only what reached it. */
function scriptedModel(actions: Action[]) {
  return (request: FakeLlmRequest): FakeReply => {
    const reached = request.reached!;
    const action = actions.find((a) => a.sentence === request.userText);
    if (!action || !reached.rules || !reached.userText) return "Sorry, I can't help with that.";
    const last = request.toolResults.at(-1)?.content ?? "";
    const called = request.body.messages as Array<{ tool_calls?: Array<{ function: { name: string } }> }>;
    const calledTarget = called.some((m) => m.tool_calls?.some((c) => c.function.name === action.tool));
    if (calledTarget) return "Done.";
    if (reached.tools.includes(action.tool)) return { toolCalls: [{ name: action.tool, args: action.args }] };
    if (last && !last.includes(action.tool)) return "Sorry, I can't help with that.";
    if (reached.tools.includes("find_tools"))
      return { toolCalls: [{ name: "find_tools", args: { query: action.search } }] };
    return "Sorry, I can't help with that.";
  };
}

let ha: FakeHa;
let mirror: HomeMirror;
let registry: ToolRegistry;
let servers: McpServers;
let search: ToolSearch;
let actions: Action[];

beforeAll(async () => {
  ha = await startFakeHa({ home: generateHome({ entities: 150, exposed: 150 }) });
  const { logger } = captureLogger("warn");
  mirror = createHomeMirror({ url: ha.url, token: "good-token", logger });
  await new Promise<void>((resolve) => {
    const off = mirror.onChange(() => {
      if (!mirror.status().stale) {
        off();
        resolve();
      }
    });
  });
  registry = createToolRegistry({ logger });
  for (const { definition, executor } of homeTools(mirror)) registry.registerTool(definition, executor);
  search = createToolSearch(registry);
  const find = findToolsTool(search);
  registry.registerTool(find.definition, find.executor);
  servers = createMcpServers({ registry, logger });
  for (const server of manyToolServers()) await servers.add(server);
  const light = mirror.exposedEntities().find((e) => e.domain === "light")!;
  actions = [
    {
      sentence: `please get the ${light.name} going for me`,
      tool: "control_entity",
      args: { name: light.name, action: "turn_on" },
      search: "turn a light on",
    },
    {
      sentence: "put oat milk on the shopping list",
      tool: "todo_add_item",
      args: { list: "shopping", item: "oat milk" },
      search: "add item to shopping list",
    },
    {
      sentence: "start a timer for ten minutes for the eggs",
      tool: "timer_start",
      args: { minutes: 10, label: "eggs" },
      search: "kitchen timer",
    },
    {
      sentence: "what is on the family calendar tomorrow",
      tool: "calendar_list_events",
      args: { start: "2026-01-02" },
      search: "calendar events",
    },
    {
      sentence: "which parcels arrive today",
      tool: "parcel_list_deliveries",
      args: {},
      search: "parcel deliveries",
    },
    {
      sentence: "make an automation that switches the porch light on at sunset",
      tool: "ha_create_automation",
      args: { alias: "Porch at sunset", trigger: "sunset", action: "turn on the porch light" },
      search: "create automation",
    },
    {
      sentence: "the zigbee integration hangs, reload it",
      tool: "ha_reload_integration",
      args: { integration: "zha" },
      search: "reload integration",
    },
    { sentence: "is home assistant healthy", tool: "ha_system_health", args: {}, search: "system health" },
  ];
}, 120_000);

afterAll(async () => {
  await servers?.close();
  await mirror?.close();
  await ha?.close();
});

async function runAll(provider: "ollama" | "openai", server: ContextServer, llmContext: number) {
  const llm: FakeLlm = await startFakeLlm({ script: scriptedModel(actions), contextServer: server });
  try {
    const { logger } = captureLogger("warn");
    const baseUrl = provider === "openai" ? llm.openaiUrl : llm.url;
    const model = await createChatModel({
      provider,
      model: provider === "openai" ? "qwen2.5-7b-instruct" : "qwen2.5:7b",
      apiKey: "test-key",
      baseUrl,
      timeoutMs: 10_000,
      contextTokens: llmContext,
    });
    const agent = createAgent({
      registry,
      mirror,
      logger,
      model: model!,
      provider,
      language: "en",
      haAgent: false,
      toolSearch: search,
      modelContext: () => modelContext({ provider, model: "qwen2.5:7b", baseUrl, configured: llmContext }),
    });
    const turns: TurnRecord[] = [];
    agent.onTurn((turn) => void turns.push(turn));
    const outcomes = [];
    for (const action of actions) {
      const outcome = await agent.handle({ text: action.sentence, conversationId: action.sentence });
      outcomes.push({ action, outcome });
    }
    return { llm, outcomes, turns };
  } finally {
    await llm.close();
  }
}

describe.each([
  ["Ollama at llm_context 4096", "ollama", { kind: "ollama", trained: 32_768 }, 4096],
  ["Ollama at llm_context 8192", "ollama", { kind: "ollama", trained: 32_768 }, 8192],
  [
    "an OpenAI-compatible llama.cpp server whose context is 4096",
    "openai",
    { kind: "llama.cpp", nCtx: 4096 },
    8192,
  ],
] as const)("%s", (_, provider, server, llmContext) => {
  let run: Awaited<ReturnType<typeof runAll>>;
  beforeAll(async () => {
    run = await runAll(provider, server, llmContext);
  }, 240_000);

  it("every action runs its tool, and the model heard the rules and the sentence", () => {
    for (const { action, outcome } of run.outcomes) {
      expect(
        outcome.tool_calls.map((c) => c.name),
        action.sentence,
      ).toContain(action.tool);
      expect(outcome.tool_calls.find((c) => c.name === action.tool)?.ok, action.sentence).toBe(true);
      expect(outcome.speech).not.toMatch(/can't help/);
    }
    for (const request of run.llm.requests) {
      expect(request.reached?.rules).toBe(true);
      expect(request.reached?.userText).toBe(true);
    }
  });

  it("no request exceeds the context it asked for", () => {
    const context = provider === "ollama" ? llmContext : server.kind === "llama.cpp" ? server.nCtx : 0;
    for (const request of run.llm.requests) {
      expect(request.reached!.cut).toBe(false);
      expect(request.reached!.sent).toBeLessThanOrEqual(context);
      if (provider === "ollama")
        expect((request.body.options as { num_ctx?: number }).num_ctx).toBe(llmContext);
    }
  });

  it("the first request of each turn stays within 3,000 tokens, and offers far fewer than every tool", () => {
    for (const turn of run.turns) {
      const first = turn.llm!.context!.sent[0]!;
      expect(first.estimated).toBeLessThanOrEqual(3000);
      expect(first.tools).toBeLessThan(registry.list().length / 4);
    }
  });

  it("an action whose tool is chosen up front costs one request", () => {
    const turn = run.turns.find((t) => t.text === actions[0]!.sentence)!;
    expect(turn.llm!.context!.offered).toContain("control_entity");
    expect(turn.llm!.requests).toBe(1);
  });
});
