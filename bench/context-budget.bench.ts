// What one LLM turn sends a local model, from outside: the built bridge as the add-on runs it, its
// model behind an Ollama stand-in that cuts prompts as its runner does (test/support/llm/
// context-window.ts), Home Assistant faked with a generated home of CONTEXT_HOMES entities (default
// 10,150,2000, all exposed), and MCP servers beside the bridge's own 18 tools to make CONTEXT_TOOLS
// tools in all (default 18,60,130,250; fixture servers over stdio, test/support/mcp/many-tools.ts).
// The model is the scripted one of the context tests (test/support/llm/context-home.ts): it acts
// only on what reached it. Measured per build: tokens of each turn's first request (o200k, its
// messages and tools as JSON), the share of requests that fit the context asked for (Ollama's
// default 4,096 when a build asks for none), and, in the 150-entity home with 130 tools at
// llm_context 4096 and 8192, actions completed, requests per action and how often a search was
// needed. Then, in this process, the CPU one turn's tool choice and fitting cost (median, p99 of
// CONTEXT_CPU_ROUNDS rounds of the eight sentences; default 50).
// CONTEXT_BASELINE_MAIN_JS adds other builds' dist/main.js (comma-separated), run on the same homes.
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { SystemMessage, HumanMessage } from "@langchain/core/messages";
import { fitFirstRequest, type FirstRequest } from "../src/agent/context-budget/fit-request.js";
import { tokenCounter, utf8Bound, type TokenCounter } from "../src/agent/context-budget/token-count.js";
import { buildSystemPrompt } from "../src/agent/system-prompt.js";
import { chooseTools } from "../src/agent/tool-choice/choose-tools.js";
import { namedInSentence } from "../src/agent/tool-choice/named-in-sentence.js";
import { createHomeMirror, type HomeMirror } from "../src/ha/mirror.js";
import { findToolsTool } from "../src/tools/local/find-tools.js";
import { homeTools } from "../src/tools/local/index.js";
import { createToolRegistry } from "../src/tools/registry.js";
import { createToolSearch } from "../src/tools/tool-search.js";
import { startBridgeProcess, type BridgeProcess } from "../test/support/bridge-process.js";
import { captureLogger } from "../test/support/capture-logger.js";
import { generateHome } from "../test/support/ha-home.js";
import { startFakeHa, type FakeHa } from "../test/support/ha-server.js";
import { homeActions, scriptedModel, type Action } from "../test/support/llm/context-home.js";
import { startFakeLlm, type FakeLlmRequest } from "../test/support/llm/server.js";
import { fixtureServer, type FixtureTool } from "../test/support/mcp/fixtures.js";
import { adminTools, householdTools } from "../test/support/mcp/many-tools.js";
import { brokerOptions, startMosquitto } from "../test/support/mosquitto.js";
import { converse } from "../test/support/wyoming-client.js";
import { startAddonGateway } from "../test/support/zwave-gateway.js";
import { baselineBuilds, summarise } from "./lib.js";

const BUILT_IN = 18;
const TOOLS = (process.env.CONTEXT_TOOLS ?? "18,60,130,250").split(",").map(Number);
const HOMES = (process.env.CONTEXT_HOMES ?? "10,150,2000").split(",").map(Number);
const CPU_ROUNDS = Number(process.env.CONTEXT_CPU_ROUNDS ?? 50);
/** Where actions are counted, as the issue's test home: 150 entities, about 130 tools. */
const ACTION_HOME = { entities: 150, tools: 130 };
const OLLAMA_DEFAULT = 4096;

/** The other servers' tools: the two of many-tools.ts, then both again under other names. */
function otherTools(count: number): { name: string; tools: FixtureTool[] }[] {
  const copy = (prefix: string, tools: FixtureTool[]) =>
    tools.map((t) => ({ ...t, name: `${prefix}_${t.name}` }));
  const all = [
    { name: "ha_admin", tools: adminTools() },
    { name: "household", tools: householdTools() },
    { name: "cottage", tools: copy("cottage", householdTools()) },
    { name: "office", tools: copy("office", adminTools()) },
  ];
  const servers = [];
  let left = count;
  for (const server of all) {
    if (left <= 0) break;
    servers.push({ name: server.name, tools: server.tools.slice(0, left) });
    left -= server.tools.length;
  }
  if (left > 0) throw new Error(`no more than ${count - left} other tools`);
  return servers;
}

interface Run {
  requests: FakeLlmRequest[];
  /** Per sentence said: whether the model called its tool and the turn ended well, and its requests. */
  turns: { action: Action; done: boolean; requests: FakeLlmRequest[]; searched: boolean }[];
}

const broker = await startMosquitto();
const gateway = await startAddonGateway(broker);
const builds = [
  { name: "this build", mainJs: undefined as string | undefined },
  ...baselineBuilds("CONTEXT_BASELINE_MAIN_JS"),
];

async function runTurns(
  mainJs: string | undefined,
  ha: FakeHa,
  actions: Action[],
  tools: number,
  llmContext: number,
): Promise<Run> {
  // What the model called: a confirmed device action ends the turn in the bridge's own words,
  // without the model's "Done.".
  const model = scriptedModel(actions);
  const called = new Set<string>();
  const llm = await startFakeLlm({
    script: (request) => {
      const reply = model(request);
      if (typeof reply === "object" && "toolCalls" in reply)
        for (const call of reply.toolCalls) called.add(`${request.userText}\n${call.name}`);
      return reply;
    },
    contextServer: { kind: "ollama", trained: 32_768 },
    // Ollama lists its models (/api/tags): the bridge's start-up check finds the model there.
    models: ["qwen2.5:7b"],
  });
  const servers = otherTools(tools - BUILT_IN);
  let bridge: BridgeProcess | undefined;
  try {
    bridge = await startBridgeProcess(
      {
        ...brokerOptions(broker),
        ha_url: ha.url,
        ha_token: "good-token",
        ha_conversation_agent: false,
        llm_provider: "ollama",
        llm_base_url: llm.url,
        llm_model: "qwen2.5:7b",
        llm_context: llmContext,
        mcp_servers: servers.map((s) => fixtureServer(s)),
      },
      {},
      mainJs,
    );
    await bridge.waitForLog("MCP server 'zwave' is up", 60_000);
    for (const s of servers) await bridge.waitForLog(`MCP server '${s.name}' is up`, 60_000);
    const turns: Run["turns"] = [];
    for (const [i, action] of actions.entries()) {
      const before = llm.requests.length;
      const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
        text: action.sentence,
        language: "en",
        conversationId: `context-${i}-${Date.now()}`,
      });
      const requests = llm.requests.slice(before);
      const searched = requests.some((r) =>
        (r.body.messages as Array<{ tool_calls?: Array<{ function: { name: string } }> }>).some((m) =>
          m.tool_calls?.some((c) => c.function.name === "find_tools"),
        ),
      );
      if (!requests.length)
        console.log(`  (no LLM request for "${action.sentence}": ${outcome.response.speech})`);
      const done =
        called.has(`${action.sentence}\n${action.tool}`) && !/sorry|failed/i.test(outcome.response.speech);
      if (!done)
        console.log(
          `  (not done at llm_context ${llmContext}: "${action.sentence}": ${outcome.response.speech})`,
        );
      turns.push({ action, done, requests, searched });
    }
    return { requests: llm.requests, turns };
  } finally {
    await bridge?.stop();
    await llm.close();
  }
}

const tokensOf = (r: FakeLlmRequest) =>
  countTokens(JSON.stringify(r.body.messages)) + countTokens(JSON.stringify(r.body.tools ?? []));
const askedOf = (r: FakeLlmRequest) =>
  (r.body.options as { num_ctx?: number } | undefined)?.num_ctx ?? OLLAMA_DEFAULT;

const firstTokens = new Map<string, number>();
const fitShare = new Map<string, string>();
const actionRows: string[] = [];
const mirrors = new Map<number, { ha: FakeHa; mirror: HomeMirror; actions: Action[] }>();

try {
  for (const entities of HOMES) {
    const ha = await startFakeHa({ home: generateHome({ entities, exposed: entities }) });
    const mirror = createHomeMirror({
      url: ha.url,
      token: "good-token",
      logger: captureLogger("warn").logger,
    });
    await new Promise<void>((resolve) => {
      const off = mirror.onChange(() => {
        if (!mirror.status().stale) {
          off();
          resolve();
        }
      });
    });
    const light = mirror.exposedEntities().find((e) => e.domain === "light")!;
    const actions = homeActions(light.name);
    mirrors.set(entities, { ha, mirror, actions });
    for (const tools of TOOLS) {
      const counted = entities === ACTION_HOME.entities && tools === ACTION_HOME.tools;
      for (const build of builds) {
        for (const llmContext of counted ? [4096, 8192] : [8192]) {
          const said = counted ? actions : actions.slice(0, 3);
          const run = await runTurns(build.mainJs, ha, said, tools, llmContext);
          const key = `${build.name}|${entities}|${tools}`;
          if (llmContext === 8192) {
            const firsts = run.turns.flatMap((t) => t.requests.slice(0, 1));
            firstTokens.set(key, summarise(firsts.map(tokensOf)).median);
            const fit = run.requests.filter((r) => !r.reached!.cut).length;
            fitShare.set(key, `${fit}/${run.requests.length}`);
          }
          if (counted) {
            const done = run.turns.filter((t) => t.done);
            const perAction = done.length
              ? done.reduce((s, t) => s + t.requests.length, 0) / done.length
              : NaN;
            const fit = run.requests.filter((r) => !r.reached!.cut).length;
            actionRows.push(
              `  ${build.name.padEnd(26)} llm_context ${llmContext}: ${done.length}/${run.turns.length} actions done; ` +
                `${perAction.toFixed(2)} requests per action done; search needed in ${run.turns.filter((t) => t.searched).length}/${run.turns.length} turns; ` +
                `${fit}/${run.requests.length} requests fit the context asked for (${askedOf(run.requests[0]!)})`,
            );
          }
        }
      }
    }
  }

  console.log(`\n## Tokens of each turn's first request (o200k, median over the turns), llm_context 8192`);
  console.log(
    `  ${"build".padEnd(26)} ${"entities".padStart(8)} ${TOOLS.map((t) => `${t} tools`.padStart(18)).join("")}`,
  );
  for (const build of builds)
    for (const entities of HOMES)
      console.log(
        `  ${build.name.padEnd(26)} ${String(entities).padStart(8)} ${TOOLS.map((t) => {
          const key = `${build.name}|${entities}|${t}`;
          return `${firstTokens.get(key)} (${fitShare.get(key)} fit)`.padStart(18);
        }).join("")}`,
      );
  console.log(
    `  (n/m fit: requests that fit the context asked for; a build that asks none gets Ollama's ${OLLAMA_DEFAULT})`,
  );
  console.log(
    `\n## Actions in the ${ACTION_HOME.entities}-entity home with ${ACTION_HOME.tools} tools (scripted model)`,
  );
  for (const row of actionRows) console.log(row);

  // The selection alone, in this process: what the sentence names, the tools chosen, the request fitted.
  console.log(
    `\n## CPU of one turn's tool choice and fitting (this build, in process; ${CPU_ROUNDS} rounds of ${8} sentences)`,
  );
  for (const [entities, { mirror, actions }] of mirrors) {
    for (const tools of TOOLS) {
      const { logger } = captureLogger("warn");
      const registry = createToolRegistry({ logger });
      for (const { definition, executor } of homeTools(mirror)) registry.registerTool(definition, executor);
      const search = createToolSearch(registry);
      const find = findToolsTool(search);
      registry.registerTool(find.definition, find.executor);
      // The Z-Wave server's tools and the others, as plain tools: the choice reads only their text.
      const filler = otherTools(tools - registry.list().length).flatMap((s) => s.tools);
      for (const tool of filler)
        registry.registerTool(
          { name: tool.name, description: tool.description ?? "", inputSchema: tool.inputSchema as never },
          async () => ({ text: "ok" }),
        );
      const definitions = new Map(registry.definitions().map((d) => [d.function.name, d]));
      const all = new Map(
        registry.list().map((info) => [info.name, { info, definition: definitions.get(info.name)! }]),
      );
      const summary = mirror.summary({});
      const system = (summaryTokens: number) => {
        const prompt = buildSystemPrompt({
          language: "en",
          homeSummary: summaryTokens > 0 ? summary : "",
          zwaveDevices: [],
          confirmDestructive: true,
          toolSearch: true,
        });
        return new SystemMessage(`${prompt.home}\n\n${prompt.turn}`);
      };
      const select = async (text: string, budget: number): Promise<FirstRequest> => {
        const named = namedInSentence(text, {
          entities: mirror.exposedEntities(),
          zwaveTargets: [],
          isZwave: () => false,
          homeServer: "builtin",
          zwaveServer: "zwave",
        });
        const fit = (counter: TokenCounter) =>
          fitFirstRequest({
            counter,
            budget,
            system,
            history: [],
            user: new HumanMessage(text),
            choose: (maxTokens, by) => chooseTools({ text, named, recent: [], maxTokens }, all, search, by),
            definitions: (names) => names.flatMap((n) => definitions.get(n) ?? []),
          });
        const first = await fit(utf8Bound);
        return first.roomy ? first : fit(await tokenCounter());
      };
      const budget = Math.floor((8192 - 512) * 0.9);
      for (const a of actions) await select(a.sentence, budget); // index, tokenizer, caches
      const ms: number[] = [];
      for (let round = 0; round < CPU_ROUNDS; round++)
        for (const a of actions) {
          const from = process.cpuUsage();
          await select(`${a.sentence} ${round}`, budget);
          const used = process.cpuUsage(from);
          ms.push((used.user + used.system) / 1000);
        }
      const { median, p99 } = summarise(ms);
      console.log(
        `  ${String(entities).padStart(5)} entities, ${String(registry.list().length).padStart(3)} tools: median ${median.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`,
      );
    }
  }
} finally {
  for (const { ha, mirror } of mirrors.values()) {
    await mirror.close();
    await ha.close();
  }
  await gateway.stop();
  await broker.stop();
}
process.exit(0);
