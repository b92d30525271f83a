// What one sentence may cost the process: 100 B, 1 kB and 60 kB sentences through the agent
// (fast path first, no HA agent, no LLM) against a home of 2,000 entities (1,000 exposed) in the
// HA websocket fake. Reports the median and the longest turn, and how long the event loop was
// blocked meanwhile (`/healthz` and every other request wait that long).
//   npx tsx bench/run.ts understanding-cost
import { performance } from "node:perf_hooks";
import { pino } from "pino";
import { createAgent } from "../src/agent/agent.js";
import { createHomeMirror } from "../src/ha/mirror.js";
import { homeTools } from "../src/tools/local/index.js";
import { createToolRegistry } from "../src/tools/registry.js";
import { generateHome } from "../test/support/ha-home.js";
import { startFakeHa } from "../test/support/ha-server.js";
import { waitFor } from "../test/support/wait-for.js";
import { summarise } from "./lib.js";

const logger = pino({ level: "silent" });
const ha = await startFakeHa({ home: generateHome({ entities: 2000 }) });
const mirror = createHomeMirror({ url: ha.url, token: "good-token", logger });
await waitFor("the home's first sync", () => !mirror.status().stale, 60_000);
const registry = createToolRegistry({ logger });
for (const { definition, executor } of homeTools(mirror)) registry.registerTool(definition, executor);
const agent = createAgent({ registry, mirror, logger, provider: "local", language: "en", haAgent: false });

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

const rows: string[] = [];
for (const [label, bytes, runs] of [
  ["60 B", 60, 200],
  ["100 B", 100, 200],
  // The longest text the grammar still reads (200 characters), as a question and as words no
  // template fits (every template tried and failed: the matcher's worst case).
  ["190 B", 190, 100],
  ["190 B*", -190, 100],
  ["1 kB", 1000, 100],
  ["60 kB", 60_000, Number(process.env.COST_RUNS_60K ?? 10)],
] as const) {
  const text = sentence(bytes);
  // "*": no template fits.
  for (let i = 0; i < Math.min(3, runs); i++) await agent.handle({ text });
  // The longest gap between ticks of a 1 ms timer: how long any other request (/healthz) waited.
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
  const { median } = summarise(times);
  const max = Math.max(...times);
  rows.push(
    `  ${label.padEnd(7)} median ${median.toFixed(2).padStart(9)} ms   max ${max.toFixed(2).padStart(9)} ms   event loop blocked up to ${blocked.toFixed(1).padStart(9)} ms   → ${JSON.stringify(speech.slice(0, 60))}`,
  );
}
console.log("\n## One sentence's cost in a home of 2,000 entities (agent, local, in-process)");
for (const row of rows) console.log(row);
await mirror.close();
await ha.close();
process.exit(0);
