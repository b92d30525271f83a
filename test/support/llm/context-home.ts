// A local model's context, from outside: a 150-entity home with about 130 tools (the bridge's own
// and two MCP servers users add), the real agent, and a scripted model that acts only on what
// reached it (context-window.ts): it calls a tool only when the tool's whole definition survived,
// and follows the rules only when they did.
import { createAgent } from "../../../src/agent/agent.js";
import { createChatModel } from "../../../src/agent/chat-model.js";
import { modelContext } from "../../../src/agent/context-budget/model-context.js";
import type { TurnRecord } from "../../../src/agent/types.js";
import { createHomeMirror, type HomeMirror } from "../../../src/ha/mirror.js";
import { createMcpServers, type McpServers } from "../../../src/mcp/client/servers.js";
import { findToolsTool } from "../../../src/tools/local/find-tools.js";
import { homeTools } from "../../../src/tools/local/index.js";
import { createToolRegistry, type ToolRegistry } from "../../../src/tools/registry.js";
import { createToolSearch, type ToolSearch } from "../../../src/tools/tool-search.js";
import { captureLogger } from "../capture-logger.js";
import { generateHome } from "../ha-home.js";
import { startFakeHa, type FakeHa } from "../ha-server.js";
import { manyToolServers } from "../mcp/many-tools.js";
import type { ContextServer } from "./context-window.js";
import { startFakeLlm, type FakeLlm, type FakeLlmRequest, type FakeReply } from "./server.js";

export interface Action {
  sentence: string;
  tool: string;
  args: Record<string, unknown>;
  /** What the model asks find_tools for when the tool was not offered. */
  search: string;
}

/** The model of these tests: it knows what each sentence needs, and sees only what reached it. */
export function scriptedModel(actions: readonly Action[]) {
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

/** What the tests ask of a home whose light is called `lightName`, each with the tool it needs. */
export function homeActions(lightName: string): Action[] {
  return [
    {
      sentence: `please get the ${lightName} going for me`,
      tool: "control_entity",
      args: { name: lightName, action: "turn_on" },
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
}

export interface ContextHome {
  mirror: HomeMirror;
  registry: ToolRegistry;
  search: ToolSearch;
  /** The MCP servers beside the bridge's own tools: more can be added. */
  servers: McpServers;
  /** What the tests ask of the home, each with the tool it needs. */
  actions: Action[];
  close(): Promise<void>;
}

export async function startContextHome(): Promise<ContextHome> {
  const ha: FakeHa = await startFakeHa({ home: generateHome({ entities: 150, exposed: 150 }) });
  const { logger } = captureLogger("warn");
  const mirror = createHomeMirror({ url: ha.url, token: "good-token", logger });
  await new Promise<void>((resolve) => {
    const off = mirror.onChange(() => {
      if (!mirror.status().stale) {
        off();
        resolve();
      }
    });
  });
  const registry = createToolRegistry({ logger });
  for (const { definition, executor } of homeTools(mirror)) registry.registerTool(definition, executor);
  const search = createToolSearch(registry);
  const find = findToolsTool(search);
  registry.registerTool(find.definition, find.executor);
  const servers: McpServers = createMcpServers({ registry, logger });
  for (const server of manyToolServers()) await servers.add(server);
  const light = mirror.exposedEntities().find((e) => e.domain === "light")!;
  const actions = homeActions(light.name);
  return {
    mirror,
    registry,
    search,
    servers,
    actions,
    async close() {
      await servers.close();
      await mirror.close();
      await ha.close();
    },
  };
}

export interface ContextRunOptions {
  provider: "ollama" | "openai";
  server: ContextServer;
  /** `llm_context`. */
  llmContext: number;
  /** `llm_keep_alive`. */
  keepAlive?: string;
  language?: string;
  /** The model's replies; default: scriptedModel(home.actions). */
  script?: (request: FakeLlmRequest) => FakeReply;
}

/** One agent on the home, its model behind the stand-in server: the sentences said in turn. */
export async function runSentences(home: ContextHome, options: ContextRunOptions, sentences: string[]) {
  const llm: FakeLlm = await startFakeLlm({
    script: options.script ?? scriptedModel(home.actions),
    contextServer: options.server,
  });
  const { logger, messages } = captureLogger("warn");
  try {
    const { provider } = options;
    const baseUrl = provider === "openai" ? llm.openaiUrl : llm.url;
    const model = provider === "openai" ? "qwen2.5-7b-instruct" : "qwen2.5:7b";
    const chat = await createChatModel({
      provider,
      model,
      apiKey: "test-key",
      baseUrl,
      timeoutMs: 10_000,
      contextTokens: options.llmContext,
      ...(options.keepAlive ? { keepAlive: options.keepAlive } : {}),
    });
    const agent = createAgent({
      registry: home.registry,
      mirror: home.mirror,
      logger,
      model: chat!,
      provider,
      language: options.language ?? "en",
      haAgent: false,
      toolSearch: home.search,
      modelContext: () => modelContext({ provider, model, baseUrl, configured: options.llmContext }),
    });
    const turns: TurnRecord[] = [];
    agent.onTurn((turn) => void turns.push(turn));
    const outcomes = [];
    for (const sentence of sentences) {
      const outcome = await agent.handle({
        text: sentence,
        conversationId: sentence,
        ...(options.language ? { language: options.language } : {}),
      });
      outcomes.push({ sentence, outcome });
    }
    return { llm, outcomes, turns, log: messages };
  } finally {
    await llm.close();
  }
}
