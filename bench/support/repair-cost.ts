// What repairing costs per call: the reply repair (text calls, argument text, name forms) plus the
// registry's key/value repair, on the message each real client made of a corpus case, against a
// plain JSON.parse of the same call's clean arguments, in the same run.
import { HumanMessage } from "@langchain/core/messages";
import { askModel } from "../../src/agent/llm-turn.js";
import { repairReply } from "../../src/agent/reply-repair/repair-reply.js";
import { createOfferedTools } from "../../src/agent/reply-repair/offered-tools.js";
import { createArgumentNormalizer } from "../../src/tools/normalize.js";
import { buildStaticMappings } from "../../src/tools/static-mappings.js";
import type { ToolRegistry } from "../../src/tools/registry.js";
import { cleanCalls, isPositive, type CorpusCase } from "../../test/support/repair-corpus.js";
import { measure, summarise } from "../lib.js";
import { startCorpusReplay } from "./corpus-replay.js";

export async function measureRepairCost(corpus: CorpusCase[], registry: ToolRegistry): Promise<void> {
  const { models, close } = await startCorpusReplay(corpus);
  const tools = registry.list();
  const definitions = registry.definitions();
  const offered = createOfferedTools(
    tools.map((t) => ({ presented: t.name, server: t.server, tool: t.tool, inputSchema: t.inputSchema })),
  );
  const mappings = buildStaticMappings();
  const normalizers = new Map(
    tools.map((t) => [t.name, createArgumentNormalizer(t.inputSchema, mappings(t.server, t.tool))]),
  );

  const ours: number[] = [];
  const parse: number[] = [];
  const oursP99: number[] = [];
  const parseP99: number[] = [];
  let sink: unknown;
  const positive = corpus.filter(isPositive);
  // Every reply first, then the timing: a keep-alive socket left idle through a long timing loop
  // is closed by the fake server, and the next request would fail on it.
  const messages = [];
  for (const c of positive) {
    const model = models[c.provider].bindTools!(definitions);
    messages.push(
      await askModel(model, [new HumanMessage(c.sentence)], AbortSignal.timeout(10_000), c.provider),
    );
  }
  for (const [i, c] of positive.entries()) {
    const message = messages[i]!;
    const clean = cleanCalls(c).map((call) => JSON.stringify(call.args));
    const repair = () => {
      const repaired = repairReply(message, offered);
      for (const call of repaired.calls) {
        if ("name" in call) sink = normalizers.get(call.name)?.normalize(call.args);
      }
    };
    const options = { iterations: 60, warmup: 20, batch: 200 };
    const repaired = await measure(c.id, repair, options);
    const parsed = await measure(c.id, () => clean.forEach((text) => (sink = JSON.parse(text))), options);
    ours.push(repaired.median / clean.length);
    oursP99.push(repaired.p99 / clean.length);
    parse.push(parsed.median / clean.length);
    parseP99.push(parsed.p99 / clean.length);
  }
  await close();
  void sink;
  const µs = (ms: number) => `${(ms * 1000).toFixed(2).padStart(8)} µs`;
  const oursMedian = summarise(ours).median;
  const parseMedian = summarise(parse).median;
  console.log(
    `\n## Repair cost per call (${positive.length} positive cases' first replies, as each real client made them)`,
  );
  console.log(`  ${"".padEnd(40)} ${"median".padStart(11)} ${"p99".padStart(11)}`);
  console.log(
    `  ${"JSON.parse of the clean arguments".padEnd(40)} ${µs(parseMedian)} ${µs(summarise(parseP99).p99)}`,
  );
  console.log(
    `  ${"repair (reply + keys/values)".padEnd(40)} ${µs(oursMedian)} ${µs(summarise(oursP99).p99)}   ×${(oursMedian / parseMedian).toFixed(1)} JSON.parse`,
  );
  const worst = ours.indexOf(Math.max(...ours));
  console.log(
    `  slowest case ${positive[worst]?.id}: median ${µs(ours[worst]!)}; goal ≤ 20 µs median per call`,
  );
}
