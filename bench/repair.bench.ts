// The tool-call repair corpus (../shared/repair-corpus) replayed through the bridge's agent with the
// real LangChain clients against local provider fakes, the real Z-Wave MCP server (dist/), Mosquitto
// and the gateway simulator; judged only by the writes that reach the broker (and, for reads, the
// tool results). Baseline: the same corpus through plain LangChain + @langchain/mcp-adapters with
// exact-name dispatch and no repair. Self-check: the clean form of every positive case must pass.
//   npm run build && npx tsx bench/run.ts repair
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";

import { pino } from "pino";
import type { AIMessage } from "@langchain/core/messages";
import { HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { ChatAnthropic } from "@langchain/anthropic";
import { ChatOpenAI } from "@langchain/openai";
import { ChatOllama } from "@langchain/ollama";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createAgent } from "../src/agent/agent.js";
import { createChatModel } from "../src/agent/chat-model.js";
import { createUnconfiguredMirror } from "../src/ha/mirror.js";
import { startMcpServers } from "../test/support/mcp/start-servers.js";
import { createToolRegistry } from "../src/tools/registry.js";
import { homeTools } from "../src/tools/local/index.js";
import { zwaveServerEnv } from "../src/zwave-host/launch.js";
import { startMosquitto } from "../test/support/mosquitto.js";
import { startAddonGateway } from "../test/support/zwave-gateway.js";
import { startFakeLlm, type FakeLlmRequest } from "../test/support/llm/server.js";
import { startWriteRecorder } from "../test/support/zwave-write-recorder.js";
import {
  HOLDOUT,
  cleanReply,
  corpusNodes,
  isPositive,
  judge,
  loadCorpus,
  resetDevices,
  speaksMarkup,
  type CorpusCase,
  type ToolCallSeen,
  type Verdict,
} from "../test/support/repair-corpus.js";
import { measureRepairCost } from "./support/repair-cost.js";

type Provider = CorpusCase["provider"];
const SERVER_JS = fileURLToPath(new URL("../dist/zwave/server.js", import.meta.url));
/** The gateway name startAddonGateway gives the simulator (the HA add-on default). */
const GATEWAY = "Mosquitto";

// Ours and the given corpus, then the held-out cases (reported apart).
const corpus = [...loadCorpus(), ...loadCorpus([HOLDOUT])];
const byId = new Map(corpus.map((c) => [c.id, c]));

const broker = await startMosquitto();
const simulator = await startAddonGateway(broker, corpusNodes());
const recorder = await startWriteRecorder(broker);

let mode: "raw" | "clean" = "raw";
const llm = await startFakeLlm({
  script: (request: FakeLlmRequest) => {
    if (request.toolResults.length) return "DONE";
    const id = /repair case (\S+)/.exec(request.userText ?? "")?.[1];
    const c = id ? byId.get(id) : undefined;
    if (!c) return "DONE";
    return { native: mode === "clean" ? cleanReply(c) : c.raw };
  },
});

const zwaveEnv = zwaveServerEnv({
  mqttUrl: broker.url,
  username: broker.username,
  password: broker.password,
  prefix: "zwave",
  gatewayName: GATEWAY,
  logLevel: "warn",
});

// Ours: the agent wired as src/bridge.ts wires it.
const logger = pino({ level: "warn" });
const mirror = createUnconfiguredMirror();
const registry = createToolRegistry({ logger });
for (const { definition, executor } of homeTools(mirror)) registry.registerTool(definition, executor);
const servers = await startMcpServers({
  servers: [{ name: "zwave", toolbox: "home", command: process.execPath, args: [SERVER_JS], env: zwaveEnv }],
  registry,
  logger,
});
const baseUrls: Record<Provider, string> = { anthropic: llm.url, openai: llm.openaiUrl, ollama: llm.url };
const agents = Object.fromEntries(
  await Promise.all(
    (["anthropic", "openai", "ollama"] as const).map(async (provider) => {
      const model = await createChatModel({
        provider,
        model: provider === "openai" ? "gpt-4o-mini" : "bench-model",
        apiKey: "bench-key",
        baseUrl: baseUrls[provider],
        timeoutMs: 10_000,
      });
      const agent = createAgent({
        registry,
        mirror,
        logger,
        ...(model ? { model } : {}),
        provider,
        language: "en",
        confirmDestructive: true,
      });
      return [provider, agent] as const;
    }),
  ),
);

// Baseline: plain LangChain, the adapter's tools, exact-name dispatch.
const mcp = new MultiServerMCPClient({
  mcpServers: { zwave: { command: process.execPath, args: [SERVER_JS], env: zwaveEnv } },
});
const mcpTools = await mcp.getTools();
const plainModels: Record<Provider, BaseChatModel> = {
  anthropic: new ChatAnthropic({
    model: "bench-model",
    apiKey: "x",
    anthropicApiUrl: llm.url,
    maxRetries: 0,
  }),
  openai: new ChatOpenAI({
    model: "gpt-4o-mini",
    apiKey: "x",
    configuration: { baseURL: llm.openaiUrl },
    maxRetries: 0,
  }),
  ollama: new ChatOllama({ model: "bench-model", baseUrl: llm.url }),
};

/** What each side would have spoken for the case it ran last (markup in it is a failure of its own). */
let lastSpeech = "";

async function baseline(c: CorpusCase): Promise<ToolCallSeen[]> {
  const model = plainModels[c.provider].bindTools!(mcpTools);
  const messages: BaseMessage[] = [new SystemMessage("You control a home."), new HumanMessage(c.sentence)];
  const seen: ToolCallSeen[] = [];
  lastSpeech = "";
  for (let round = 0; round < 3; round++) {
    const reply = (await model.invoke(messages)) as AIMessage;
    messages.push(reply);
    if (!reply.tool_calls?.length) {
      lastSpeech = typeof reply.content === "string" ? reply.content : JSON.stringify(reply.content);
      break;
    }
    for (const call of reply.tool_calls) {
      const tool = mcpTools.find((t) => t.name === call.name);
      let content: string;
      let ok = false;
      if (!tool) content = `${call.name} is not a valid tool`;
      else {
        try {
          const message = (await tool.invoke({ ...call, type: "tool_call" })) as ToolMessage;
          content = typeof message.content === "string" ? message.content : JSON.stringify(message.content);
          ok = true;
        } catch (err) {
          content = String(err);
        }
      }
      seen.push({ tool: call.name, ok, result: content });
      messages.push(
        new ToolMessage({ tool_call_id: call.id ?? "", content, status: ok ? "success" : "error" }),
      );
    }
  }
  return seen;
}

let turn = 0;
/** The repair steps of the last case our agent ran, for its line in the report. */
let lastSteps: string[] = [];
async function ours(c: CorpusCase): Promise<ToolCallSeen[]> {
  const result = await agents[c.provider]!.handle({ text: c.sentence, conversationId: `bench-${++turn}` });
  lastSpeech = result.speech;
  lastSteps = result.tool_calls.flatMap((call) => [
    ...(call.repairs ?? []),
    ...(call.ok ? [] : [`not done: ${call.result.slice(0, 60)}`]),
  ]);
  return result.tool_calls.map((call) => ({
    tool: call.tool ?? call.name,
    ok: call.ok,
    result: call.result,
  }));
}

interface Outcome extends Verdict {
  /** The spoken answer held tool-call markup. */
  markup: boolean;
}

async function replay(c: CorpusCase, run: (c: CorpusCase) => Promise<ToolCallSeen[]>): Promise<Outcome> {
  await resetDevices(recorder, c);
  await sleep(50);
  const before = recorder.writes.length;
  let calls: ToolCallSeen[] = [];
  try {
    calls = await run(c);
  } catch (err) {
    calls = [{ tool: "", ok: false, result: String(err) }];
  }
  await sleep(100);
  return {
    ...judge(c, recorder.writes.slice(before), calls, recorder.deadNodes()),
    markup: speaksMarkup(lastSpeech),
  };
}

// Wait until the gateway's nodes are known to the recorder and the Z-Wave server.
const deadline = Date.now() + 10_000;
while (recorder.reported(3, 38, "currentValue") === undefined && Date.now() < deadline) await sleep(20);

const rows: Array<{ c: CorpusCase; ours: Outcome; base: Outcome; clean?: Verdict }> = [];
for (const c of corpus) {
  mode = "raw";
  const oursVerdict = await replay(c, ours);
  const steps = lastSteps;
  const baseVerdict = await replay(c, baseline);
  let cleanVerdict: Verdict | undefined;
  if (isPositive(c)) {
    mode = "clean";
    cleanVerdict = await replay(c, ours);
  }
  rows.push({ c, ours: oursVerdict, base: baseVerdict, ...(cleanVerdict ? { clean: cleanVerdict } : {}) });
  const mark = (v: Verdict) =>
    v.pass ? "PASS" : `FAIL${v.wrong.length ? ` (${v.wrong.length} wrong)` : ""}`;
  console.log(
    `  ${c.id.padEnd(5)} ${c.provider.padEnd(9)} ${(c.family ?? c.category).padEnd(18)} ours ${(mark(oursVerdict) + (oursVerdict.markup ? " +markup" : "")).padEnd(14)} baseline ${mark(baseVerdict).padEnd(14)} clean ${cleanVerdict ? mark(cleanVerdict) : "—"}${oursVerdict.pass ? "" : `  ← ${oursVerdict.why}`}${steps.length ? `\n          ${steps.join(" | ")}` : ""}`,
  );
}

type Row = (typeof rows)[number];
const pct = (n: number, of: number) => `${n}/${of} ${((100 * n) / Math.max(1, of)).toFixed(0).padStart(3)} %`;
/** One line: positives repaired, wrong actions, must-not-act held, markup spoken; ours, then baseline. */
function line(label: string, list: Row[]): void {
  const positive = list.filter((r) => isPositive(r.c));
  const negative = list.filter((r) => !isPositive(r.c));
  const side = (pick: (r: Row) => Outcome) =>
    [
      pct(positive.filter((r) => pick(r).pass).length, positive.length).padStart(12),
      String(list.reduce((n, r) => n + pick(r).wrong.length, 0)).padStart(5),
      `${negative.filter((r) => pick(r).pass).length}/${negative.length}`.padStart(6),
      String(list.filter((r) => pick(r).markup).length).padStart(6),
    ].join(" ");
  console.log(
    `  ${label.padEnd(24)} ${String(list.length).padStart(5)} │ ${side((r) => r.ours)} │ ${side((r) => r.base)}`,
  );
}

function table(title: string, list: Row[], by: (r: Row) => string): void {
  console.log(`\n## ${title}`);
  const head = `${"repaired".padStart(12)} ${"wrong".padStart(5)} ${"held".padStart(6)} ${"markup".padStart(6)}`;
  console.log(`  ${"".padEnd(24)} ${"".padStart(5)} │ ${"ours".padEnd(head.length)} │ baseline`);
  console.log(`  ${"".padEnd(24)} ${"cases".padStart(5)} │ ${head} │ ${head}`);
  for (const key of new Set(list.map(by)))
    line(
      key,
      list.filter((r) => by(r) === key),
    );
  line("all", list);
  const cleanRows = list.filter((r) => r.clean);
  const cleanPassed = cleanRows.filter((r) => r.clean?.pass).length;
  console.log(
    `  repaired: positive cases done right; wrong: writes nobody asked for (goal 0); held: must-not-act cases with no action (goal all); markup: spoken answers holding tool-call markup (goal 0)`,
  );
  console.log(
    `  self-check, clean form of every positive case: ${cleanPassed}/${cleanRows.length}${cleanPassed === cleanRows.length ? " (the benchmark itself is sound)" : " ← the benchmark or the bridge is broken"}`,
  );
}

const CORPORA: Record<string, string> = {
  v: "given (not ours)",
  x: "ours: extra, shapes",
  f: "ours: families",
  h: "ours: held out",
};
const corpusOf = (r: Row) => CORPORA[r.c.id[0]!] ?? "?";
const given = rows.filter((r) => r.c.id.startsWith("v"));
const extra = rows.filter((r) => r.c.id.startsWith("x"));
const families = rows.filter((r) => r.c.id.startsWith("f"));
const heldOut = rows.filter((r) => r.c.id.startsWith("h"));
const developed = rows.filter((r) => !r.c.id.startsWith("h"));
table("Per corpus", rows, corpusOf);
table("Given corpus (visible.jsonl), per category", given, (r) => r.c.category);
table("Our extra and shape cases (repair-corpus-extra.jsonl), per category", extra, (r) => r.c.category);
table("Our families corpus (repair-corpus-families.jsonl), per category", families, (r) => r.c.category);
table("Our families corpus, per family", families, (r) => r.c.family ?? "?");
table(
  "Held-out cases (repair-corpus-holdout.jsonl, formats no row reads), per format",
  heldOut,
  (r) => r.c.family ?? "?",
);
table("Given and our developed corpora, per category", developed, (r) => r.c.category);

await measureRepairCost(
  developed.map((r) => r.c),
  registry,
);

await mcp.close();
await servers.close();
await llm.close();
await recorder.close();
await simulator.stop();
await broker.stop();

process.exit(0);
