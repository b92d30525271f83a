// 100 Wyoming conversations at once through the built bridge, each one an LLM turn with a tool
// call: LLM (50 ms) → MCP tool over stdio → LLM (50 ms) → answer. Every answer must be its own
// conversation's; the figure is the bridge's overhead beyond the two 50 ms provider answers.
import { performance } from "node:perf_hooks";
import { startBridgeProcess } from "../test/support/bridge-process.js";
import { startFakeLlm, type FakeLlmRequest, type FakeReply } from "../test/support/llm/server.js";
import { fixtureServer } from "../test/support/mcp/fixtures.js";
import { converse } from "../test/support/wyoming-client.js";
import { summarise } from "./lib.js";

const CONCURRENCY = Number(process.env.LOAD_CONVERSATIONS ?? 100);
const LATENCY_MS = 50;
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 3);
const GOAL_P99_MS = 50;
/** Passed to the bridge process, e.g. `--import ./cpu-profile-hook.mjs` to see where its time goes. */
const BRIDGE_NODE_OPTIONS = process.env.LOAD_NODE_OPTIONS;

/** The model calls the note tool with the conversation's own tag, then reads the result back. */
const script = (request: FakeLlmRequest): FakeReply => {
  const result = request.toolResults.at(-1);
  if (result) return `Result: ${result.content}`;
  const tag = /tag-\d+-\d+/.exec(request.userText ?? "")?.[0] ?? "none";
  return { toolCalls: [{ name: "take_note", args: { note: tag } }] };
};

const llm = await startFakeLlm({ script, latencyMs: LATENCY_MS });
const notes = fixtureServer({
  name: "notes",
  tools: [{ name: "take_note", inputSchema: { type: "object", properties: { note: { type: "string" } } } }],
});
const bridge = await startBridgeProcess(
  {
    llm_provider: "anthropic",
    llm_base_url: llm.url,
    llm_api_key: "sk-ant-load",
    mcp_servers: [notes],
  },
  BRIDGE_NODE_OPTIONS ? { NODE_OPTIONS: BRIDGE_NODE_OPTIONS } : {},
);

let wrong = 0;
const overheads: number[] = [];
try {
  await bridge.waitForLog("MCP server 'notes' is up");
  const turn = async (tag: string) => {
    const conversationId = `conv-${tag}`;
    const started = performance.now();
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: `Please note ${tag}`,
      language: "en",
      conversationId,
    });
    const ms = performance.now() - started;
    const own = outcome.response.speech.includes(`"note":"${tag}"`);
    const others = outcome.response.speech.match(/tag-\d+-\d+/g) ?? [];
    if (!own || others.some((t) => t !== tag) || outcome.event?.type !== "handled") {
      wrong++;
      process.stderr.write(`wrong answer for ${tag}: ${outcome.response.speech}\n`);
    }
    return ms;
  };
  // Warm-up: JIT, the MCP child, the provider client.
  for (let i = 0; i < 10; i++) await turn(`tag-0-${i}`);
  for (let round = 1; round <= ROUNDS; round++) {
    const times = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => turn(`tag-${round}-${i}`)));
    overheads.push(...times.map((ms) => ms - 2 * LATENCY_MS));
  }
} finally {
  await bridge.stop();
  await llm.close();
}

const { median, p99 } = summarise(overheads);
const requestIdsSeen = new Set(llm.requests.map((r) => r.userText)).size;
process.stdout.write(
  [
    `## Load: ${CONCURRENCY} concurrent Wyoming conversations × ${ROUNDS} rounds, each LLM → tool → LLM (${LATENCY_MS} ms per provider answer)`,
    `  answers: ${overheads.length} timed, ${wrong} wrong or crossed (distinct sentences the provider saw: ${requestIdsSeen})`,
    `  overhead beyond 2 × ${LATENCY_MS} ms: p50 ${median.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (goal p99 ≤ ${GOAL_P99_MS} ms), max ${Math.max(...overheads).toFixed(1)} ms`,
    "",
  ].join("\n"),
);
process.exit(wrong ? 1 : 0);
