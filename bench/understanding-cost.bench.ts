// What one sentence may cost the process, through the agent (fast path first, no HA agent, no
// LLM) against homes of generated entities (half exposed) in the HA websocket fake, which runs in
// a process of its own. Each row gives the median and the longest turn, and how long the event
// loop was blocked meanwhile (`/healthz` and every other request wait that long).
// - By length: 60 B to 60 kB sentences against 2,000 entities.
// - By home size: sentences people say, against 500, 1,000 and 2,000 entities, with the ratio of
//   each median to the one a size smaller. The cost must grow at most linearly with the home
//   (ratios near 2 or below for a doubling).
//   npx tsx bench/run.ts understanding-cost
import { fork } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { pino } from "pino";
import { createAgent } from "../src/agent/agent.js";
import type { ConversationAgent } from "../src/agent/types.js";
import { createHomeMirror } from "../src/ha/mirror.js";
import { homeTools } from "../src/tools/local/index.js";
import { createToolRegistry } from "../src/tools/registry.js";
import { waitFor } from "../test/support/wait-for.js";
import { summarise } from "./lib.js";

const logger = pino({ level: "silent" });

/**
 * The agent against a generated home served by the HA fake in its own process
 * (bench/support/fake-ha-process.ts), so that the event loop measured here is the bridge's alone.
 */
async function homeOf(entities: number) {
  const child = fork(
    fileURLToPath(new URL("./support/fake-ha-process.ts", import.meta.url)),
    [JSON.stringify({ entities })],
    {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  const { url } = await new Promise<{ url: string }>((resolve) =>
    child.once("message", (m) => resolve(m as { url: string })),
  );
  const mirror = createHomeMirror({ url, token: "good-token", logger });
  await waitFor("the home's first sync", () => !mirror.status().stale, 60_000);
  const registry = createToolRegistry({ logger });
  for (const { definition, executor } of homeTools(mirror)) registry.registerTool(definition, executor);
  const agent = createAgent({ registry, mirror, logger, provider: "local", language: "en", haAgent: false });
  return {
    agent,
    close: async () => {
      await mirror.close();
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.disconnect();
      await exited;
    },
  };
}

interface Cost {
  median: number;
  max: number;
  /** The longest gap between ticks of a 1 ms timer: how long any other request waited. */
  blocked: number;
  speech: string;
}

async function cost(agent: ConversationAgent, text: string, runs: number): Promise<Cost> {
  for (let i = 0; i < Math.min(3, runs); i++) await agent.handle({ text });
  let last = performance.now();
  let blocked = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    blocked = Math.max(blocked, now - last);
    last = now;
  }, 1);
  const times: number[] = [];
  let speech = "";
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    speech = (await agent.handle({ text })).speech;
    times.push(performance.now() - start);
    // Let the delay monitor see the loop between turns.
    await new Promise((r) => setTimeout(r, 2));
  }
  clearInterval(ticker);
  return { median: summarise(times).median, max: Math.max(...times), blocked, speech };
}

const ms = (n: number, width = 9) => n.toFixed(2).padStart(width);
const row = (label: string, c: Cost, extra = "") =>
  `  ${label.padEnd(44)} median ${ms(c.median)} ms   max ${ms(c.max)} ms   loop blocked ${c.blocked.toFixed(1).padStart(7)} ms${extra}   → ${JSON.stringify(c.speech.slice(0, 50))}`;

/**
 * A state question about a name no device has: the full resolution path, typos included. At 60 B
 * the name is 10 words, the longest phrase the resolver reads; longer ones name nothing.
 */
function sentence(bytes: number): string {
  if (bytes < 0) {
    const words = ["turn", "the", "kitchen", "in", "on", "lamp", "to", "is", "set", "of", "at", "up"];
    let text = "";
    for (let i = 0; text.length < -bytes; i++) text += `${words[(i * 7) % words.length]} `;
    return text.slice(0, -bytes);
  }
  const words = ["kitchen", "lamp", "in", "the", "upstairs", "hallway", "near", "window", "blue"];
  let name = "";
  for (let i = 0; name.length < bytes - 12; i++) name += `${words[i % words.length]} `;
  return `is the ${name.trim()} on`.slice(0, bytes);
}

// --- by length, 2,000 entities --------------------------------------------------------------------
{
  const home = await homeOf(2000);
  const rows: string[] = [];
  for (const [label, bytes, runs] of [
    ["60 B", 60, 200],
    ["100 B", 100, 200],
    // The longest text the grammar still reads (200 characters), as a question and as words no
    // template fits (every template tried and failed: the matcher's worst case).
    ["190 B", 190, 100],
    ["190 B, no template fits", -190, 100],
    ["1 kB", 1000, 100],
    ["60 kB", 60_000, Number(process.env.COST_RUNS_60K ?? 10)],
  ] as const) {
    rows.push(row(label, await cost(home.agent, sentence(bytes), runs)));
  }
  console.log(
    "\n## One sentence's cost by length, in a home of 2,000 entities (the agent in-process, HA in its own)",
  );
  for (const line of rows) console.log(line);
  await home.close();
}

// --- by home size -----------------------------------------------------------------------------
// Names from generateHome: entity 0 is the light "Kitchen Ceiling" and entity 4 the media player
// "Bathroom Speaker", exposed at every size; the kitchen is area 0. Each sentence does the same
// work at every size except "the lights in the kitchen", whose lights grow with the home.
const SENTENCES: Array<[string, string]> = [
  ["not understood", "tell me a joke about the weather"],
  ["state question", "is the kitchen ceiling on"],
  ["typo", "is the kitchn ceilng on"],
  ["command, one device", "turn on the kitchen ceiling"],
  ["volume", "set the bathroom speaker volume to 30 percent"],
  ["relative change", "make the kitchen ceiling a bit brighter"],
  ["another place's time", "what time is it in tokyo"],
  ["a room's lights (grow with the home)", "turn on the lights in the kitchen"],
];
const SIZES = [500, 1000, 2000];
const RUNS = Number(process.env.COST_RUNS_SIZE ?? 100);
const bySize = new Map<number, Cost[]>();
for (const size of SIZES) {
  const home = await homeOf(size);
  const costs: Cost[] = [];
  for (const [, text] of SENTENCES) costs.push(await cost(home.agent, text, RUNS));
  bySize.set(size, costs);
  await home.close();
}
console.log(
  `\n## One sentence's cost by home size (${SIZES.join(", ")} entities, half exposed; the agent in-process, HA in its own; ${RUNS} turns each)`,
);
SENTENCES.forEach(([label, text], i) => {
  console.log(`  ${label}: ${JSON.stringify(text)}`);
  SIZES.forEach((size, s) => {
    const c = bySize.get(size)![i]!;
    const smaller = s > 0 ? bySize.get(SIZES[s - 1]!)![i]! : undefined;
    const growth = smaller ? `   ×${(c.median / smaller.median).toFixed(2)} vs ${SIZES[s - 1]}` : "";
    console.log(row(`    ${size} entities`, c, growth));
  });
});
const worst = Math.max(...[...bySize.values()].flat().map((c) => c.max));
const worstBlock = Math.max(...[...bySize.values()].flat().map((c) => c.blocked));
console.log(
  `  longest turn ${worst.toFixed(2)} ms, longest block of the event loop ${worstBlock.toFixed(1)} ms (the home doubles from row to row: a ratio near 2 or below is linear)`,
);
process.exit(0);
