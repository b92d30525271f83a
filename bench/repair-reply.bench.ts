// The reply repair on every corpus we have and on the families corpus with its markers damaged
// (practice and held-out part), judged at the calls that would run (test/support/repair-reply-judge.ts):
// ours, a baseline checkout's reply repair, and plain LangChain (exact names, arguments that pass
// the schema as sent, the content spoken as it is), on the message each real client made of the
// case; then the cost per call. The end-to-end replay of the given and our corpora is repair.bench.ts.
//   npx tsx bench/run.ts repair-reply
//   REPAIR_BASELINE=<checkout of another version, with node_modules> npx tsx bench/run.ts repair-reply
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import type { AIMessage } from "@langchain/core/messages";
import { HumanMessage } from "@langchain/core/messages";
import { askModel } from "../src/agent/llm-turn.js";
import { repairReply } from "../src/agent/reply-repair/repair-reply.js";
import { createOfferedTools, type OfferedEntry } from "../src/agent/reply-repair/offered-tools.js";
import { createArgumentValidator } from "../src/tools/json-schema.js";
import { createToolRegistry } from "../src/tools/registry.js";
import { homeTools } from "../src/tools/local/index.js";
import { createUnconfiguredMirror } from "../src/ha/mirror.js";
import { pino } from "pino";
import { HOLDOUT, isPositive, loadCorpus, type CorpusCase } from "../test/support/repair-corpus.js";
import { damagedMarkers } from "../test/support/damaged-markers.js";
import {
  judgeReply,
  registryRepair,
  type ReplyVerdict,
  type RunCall,
} from "../test/support/repair-reply-judge.js";
import { zwaveToolEntries } from "../test/support/zwave-tool-schemas.js";
import { measure, summarise } from "./lib.js";
import { startCorpusReplay } from "./support/corpus-replay.js";

const FAMILIES = fileURLToPath(new URL("../test/support/repair-corpus-families.jsonl", import.meta.url));
const EXTRA = fileURLToPath(new URL("../test/support/repair-corpus-extra.jsonl", import.meta.url));
const all = loadCorpus();
const damaged = damagedMarkers(loadCorpus([FAMILIES]));
const corpora: Array<[string, CorpusCase[]]> = [
  ["given (visible.jsonl, not ours)", all.filter((c) => c.id.startsWith("v"))],
  ["ours: extra", loadCorpus([EXTRA])],
  ["ours: families", loadCorpus([FAMILIES])],
  ["ours: held out", loadCorpus([HOLDOUT])],
  ["damaged markers: practice", damaged.practice],
  ["damaged markers: held out", damaged.heldOut],
];

// The tools as the bridge offers them: the home tools and the Z-Wave server's.
const registry = createToolRegistry({ logger: pino({ level: "silent" }) });
for (const { definition, executor } of homeTools(createUnconfiguredMirror())) {
  registry.registerTool(definition, executor);
}
const entries: OfferedEntry[] = [
  ...registry
    .list()
    .map((t) => ({ presented: t.name, server: t.server, tool: t.tool, inputSchema: t.inputSchema })),
  ...zwaveToolEntries,
];
const definitions = entries.map((e) => ({
  type: "function" as const,
  function: { name: e.presented, description: e.presented, parameters: e.inputSchema },
}));
const run = registryRepair(entries);

type Repair = (reply: AIMessage) => { calls: RunCall[]; speech: string };
const oursTools = createOfferedTools(entries);
const ours: Repair = (reply) => {
  const repaired = repairReply(reply, oursTools);
  return { calls: repaired.calls.flatMap((c) => ("name" in c ? run(c) : [])), speech: repaired.speech };
};

/** The reply repair of another checkout, from its own source. */
async function baselineRepair(root: string): Promise<Repair> {
  const at = (path: string) => resolve(root, path);
  const { repairReply: theirs } = (await import(at("src/agent/reply-repair/repair-reply.ts"))) as {
    repairReply: typeof repairReply;
  };
  const { createOfferedTools: theirTools } = (await import(
    at("src/agent/reply-repair/offered-tools.ts")
  )) as {
    createOfferedTools: typeof createOfferedTools;
  };
  const tools = theirTools(entries);
  return (reply) => {
    const repaired = theirs(reply, tools);
    return { calls: repaired.calls.flatMap((c) => ("name" in c ? run(c) : [])), speech: repaired.speech };
  };
}

/** Plain LangChain: the calls its client parsed, run when the name is exact and the arguments fit as sent. */
const validators = new Map(entries.map((e) => [e.presented, createArgumentValidator(e.inputSchema ?? {})]));
const plain: Repair = (reply) => ({
  calls: (reply.tool_calls ?? []).filter((c) => validators.get(c.name)?.(c.args).length === 0),
  speech: typeof reply.content === "string" ? reply.content : JSON.stringify(reply.content),
});

const baselineRoot = process.env.REPAIR_BASELINE;
const sides: Array<[string, Repair]> = [["ours", ours]];
if (baselineRoot)
  sides.push([`baseline ${baselineRoot.split("/").at(-1)}`, await baselineRepair(baselineRoot)]);
sides.push(["plain LangChain", plain]);

// Every case's first reply, as each real client makes it of the provider's native answer.
const everyCase = corpora.flatMap(([, cases]) => cases);
const { models, close } = await startCorpusReplay(everyCase);
const replies = new Map<string, AIMessage>();
for (const c of everyCase) {
  const model = models[c.provider].bindTools!(definitions);
  replies.set(
    c.id,
    await askModel(model, [new HumanMessage(c.sentence)], AbortSignal.timeout(10_000), c.provider),
  );
}
await close();

const pct = (n: number, of: number) => `${n}/${of} ${((100 * n) / Math.max(1, of)).toFixed(0).padStart(3)} %`;
console.log("\n## Reply repair per corpus: repaired / wrong / must-not-act held / markup spoken");
const head = `${"repaired".padStart(13)} ${"wrong".padStart(5)} ${"held".padStart(7)} ${"markup".padStart(6)}`;
console.log(
  `  ${"".padEnd(32)} ${"".padStart(5)} │ ${sides.map(([name]) => name.padEnd(head.length)).join(" │ ")}`,
);
console.log(`  ${"".padEnd(32)} ${"cases".padStart(5)} │ ${sides.map(() => head).join(" │ ")}`);
for (const [label, cases] of corpora) {
  const columns = sides.map(([, repair]) => {
    const verdicts = cases.map((c): [CorpusCase, ReplyVerdict] => {
      const { calls, speech } = repair(replies.get(c.id)!);
      return [c, judgeReply(c, calls, speech)];
    });
    const positive = verdicts.filter(([c]) => isPositive(c));
    const negative = verdicts.filter(([c]) => !isPositive(c));
    return [
      pct(positive.filter(([, v]) => v.pass).length, positive.length).padStart(13),
      String(verdicts.reduce((n, [, v]) => n + v.wrong, 0)).padStart(5),
      `${negative.filter(([, v]) => v.pass).length}/${negative.length}`.padStart(7),
      String(verdicts.filter(([, v]) => v.markup).length).padStart(6),
    ].join(" ");
  });
  console.log(`  ${label.padEnd(32)} ${String(cases.length).padStart(5)} │ ${columns.join(" │ ")}`);
}
console.log(
  "  repaired: positive cases whose calls would run as meant; wrong: calls acting on a device nobody asked for (goal 0); held: must-not-act cases with no act (goal all); markup: spoken answers holding markup (goal 0)",
);

// Cost per call: the repair (reply and the registry's keys/values) of each positive case's reply,
// divided by its calls, against JSON.parse of the clean arguments, in the same run.
const positives = everyCase.filter(isPositive);
const costs = new Map<string, { median: number[]; p99: number[] }>(
  [
    ["JSON.parse of the clean arguments", ours] as const,
    ...sides.filter(([name]) => name !== "plain LangChain"),
  ].map(([name]) => [name, { median: [], p99: [] }]),
);
let sink: unknown;
for (const c of positives) {
  const reply = replies.get(c.id)!;
  const clean = "read" in c.expect ? 1 : "writes" in c.expect ? c.expect.writes.length : 1;
  const argsText = JSON.stringify({ deviceName: "Switch One", action: "on" });
  const options = { iterations: 15, warmup: 5, batch: 50 };
  const timed: Array<[string, () => unknown]> = [
    ["JSON.parse of the clean arguments", () => (sink = JSON.parse(argsText))],
    ...sides
      .filter(([name]) => name !== "plain LangChain")
      .map(([name, repair]) => [name, () => (sink = repair(reply))] as [string, () => unknown]),
  ];
  for (const [name, fn] of timed) {
    const sample = await measure(name, fn, options);
    const per = name.startsWith("JSON") ? 1 : clean;
    costs.get(name)!.median.push(sample.median / per);
    costs.get(name)!.p99.push(sample.p99 / per);
  }
}
void sink;
const µs = (ms: number) => `${(ms * 1000).toFixed(2).padStart(8)} µs`;
console.log(
  `\n## Cost per call (${positives.length} positive cases' first replies, every corpus and damaged set)`,
);
console.log(`  ${"".padEnd(40)} ${"median".padStart(11)} ${"p99".padStart(11)}`);
const parseMedian = summarise(costs.get("JSON.parse of the clean arguments")!.median).median;
for (const [name, { median, p99 }] of costs) {
  const m = summarise(median).median;
  console.log(
    `  ${name.padEnd(40)} ${µs(m)} ${µs(summarise(p99).p99)}${name.startsWith("JSON") ? "" : `   ×${(m / parseMedian).toFixed(1)} JSON.parse`}`,
  );
}
console.log("  goal: ≤ 20 µs median per call");
process.exit(0);
