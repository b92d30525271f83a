// Mixed traffic against the built bridge for a while, measured from outside: the fast path, LLM
// turns with a tool call, describe, malformed frames and the HTTP API, side by side. Used by
// `bench/soak.ts` (`npm run soak`, 30 minutes): a duration and a memory bound belong to a
// benchmark, not to the test suite.
//
//   const report = await runSoak({ minutes: 1, log: (line) => console.error(line) });
//
// Figures: RSS of the bridge process (after a warm-up, and at the end), event-loop delay seen from
// outside (Wyoming ping → pong on an idle connection, every 100 ms), open file descriptors and
// child processes at the start and the end.
import { readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { performance } from "node:perf_hooks";
import { createDecoder, encodeEvent } from "../../src/wyoming/codec.js";
import type { WyomingEvent } from "../../src/wyoming/events.js";
import { startBridgeProcess, type BridgeProcess } from "../../test/support/bridge-process.js";
import { startFakeLlm, type FakeLlmRequest, type FakeReply } from "../../test/support/llm/server.js";
import { fixtureServer } from "../../test/support/mcp/fixtures.js";
import { childProcesses } from "../../test/support/process-tree.js";
import { converse, describe, sendRaw } from "../../test/support/wyoming-client.js";

export type TrafficKind = "fast" | "llm" | "describe" | "malformed" | "http";

export interface SoakReport {
  minutes: number;
  turns: Record<TrafficKind, { ok: number; failed: number }>;
  /** What went wrong, first few of each. */
  failures: string[];
  /** The bridge's last log lines when each of the first few failures was seen. */
  failureLogs: string[];
  /**
   * The bridge's RSS: the median of the minute after the warm-up and of the last minute (V8's heap
   * rises and falls by tens of MiB between collections under load, so one reading says little),
   * the single readings at those two moments, and the highest.
   */
  rssKb: { start: number; end: number; max: number; startReading: number; endReading: number };
  /** The bridge and its child processes (MCP servers started over stdio), after warm-up and at the end. */
  treeRssKb: { start: number; end: number };
  /** Wyoming ping → pong from an idle client: the bridge's event-loop delay plus loopback. */
  pingMs: { p50: number; p99: number; max: number; samples: number };
  openFds: { start: number; end: number };
  children: { start: number; end: number };
}

export interface SoakOptions {
  minutes: number;
  /** Clients sending at once. */
  concurrency?: number;
  log?: (line: string) => void;
  /** Extra environment for the bridge process, e.g. NODE_OPTIONS with a profiler hook. */
  bridgeEnv?: Record<string, string>;
  /** Another build's dist/main.js, to soak a baseline under the same traffic. */
  mainJs?: string;
}

const API_TOKEN = "soak-api-token";
/** The Office Sensor's temperature in the demo gateway (src/demo/zwave-gateway-simulator.ts). */
const OFFICE_TEMPERATURE = 21.5;
const LLM_LATENCY_MS = 20;
/** Far beyond the bridge's own 35 s backstop: a request still open by then is a hang. */
const TURN_DEADLINE_MS = 45_000;

const script = (request: FakeLlmRequest): FakeReply => {
  const result = request.toolResults.at(-1);
  if (result) return `Result: ${result.content}`;
  const tag = /soak-\d+/.exec(request.userText ?? "")?.[0] ?? "none";
  return { toolCalls: [{ name: "take_note", args: { note: tag } }] };
};

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => undefined);
  const concurrency = options.concurrency ?? 4;
  const llm = await startFakeLlm({ script, latencyMs: LLM_LATENCY_MS });
  const bridge = await startBridgeProcess(
    {
      llm_provider: "anthropic",
      llm_base_url: llm.url,
      llm_api_key: "sk-ant-soak",
      api_token: API_TOKEN,
      mcp_servers: [
        fixtureServer({
          name: "notes",
          tools: [
            { name: "take_note", inputSchema: { type: "object", properties: { note: { type: "string" } } } },
          ],
        }),
      ],
    },
    options.bridgeEnv,
    options.mainJs,
  );
  try {
    await bridge.waitForLog("MCP server 'notes' is up");
    await bridge.waitForLog("MCP server 'zwave' is up");
    return await drive(bridge, options.minutes, concurrency, log);
  } finally {
    await bridge.stop();
    await llm.close();
  }
}

async function drive(
  bridge: BridgeProcess,
  minutes: number,
  concurrency: number,
  log: (line: string) => void,
): Promise<SoakReport> {
  const pid = bridge.child.pid as number;
  const turns = Object.fromEntries(
    (["fast", "llm", "describe", "malformed", "http"] as const).map((k) => [k, { ok: 0, failed: 0 }]),
  ) as SoakReport["turns"];
  const failures: string[] = [];
  const failureLogs: string[] = [];
  let sequence = 0;

  const checks: Record<TrafficKind, () => Promise<string | undefined>> = {
    fast: async () => {
      // Judged by meaning, not wording: the turn was handled (an action that failed or a sensor
      // that could not be read is `not-handled`), and a reading carries the simulated value.
      const reading = sequence % 2 === 0;
      const text = reading ? "What's the temperature in the office?" : "Turn on Switch One";
      const outcome = await converse("127.0.0.1", bridge.wyomingPort, { text, language: "en" });
      const handled = outcome.event?.type === "handled";
      const right = !reading || spokenNumbers(outcome.response.speech).includes(OFFICE_TEMPERATURE);
      return handled && right
        ? undefined
        : `fast "${text}": ${outcome.event?.type} ${outcome.response.speech}`;
    },
    llm: async () => {
      const tag = `soak-${++sequence}`;
      const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
        text: `Please note ${tag}`,
        language: "en",
        conversationId: `conv-${tag}`,
      });
      return outcome.response.speech.includes(`"note":"${tag}"`)
        ? undefined
        : `llm ${tag}: ${outcome.response.speech}`;
    },
    describe: async () => {
      const info = await describe("127.0.0.1", bridge.wyomingPort);
      return info.isConversationAgent ? undefined : "describe: not a conversation agent";
    },
    malformed: async () => {
      await sendAndLeave(bridge.wyomingPort, Buffer.from('{"type": "transcript", "data_length": 7}\n{"te'));
      // A cut frame waits for more bytes until its client leaves; a broken one is an error event.
      const bad = await sendRaw("127.0.0.1", bridge.wyomingPort, Buffer.from("{not json}\n"));
      return bad.events.at(-1)?.type === "error" ? undefined : `malformed: ${JSON.stringify(bad.events)}`;
    },
    http: async () => {
      const headers = { Authorization: `Bearer ${API_TOKEN}`, "Content-Type": "application/json" };
      const which = sequence % 3;
      const res =
        which === 0
          ? await fetch(`${bridge.apiUrl}/api/conversation`, {
              method: "POST",
              headers,
              body: JSON.stringify({ text: "turn on switch one" }),
            })
          : await fetch(`${bridge.apiUrl}${which === 1 ? "/api/tools" : "/status.json"}`, { headers });
      const body = await res.text();
      return res.status === 200 ? undefined : `http ${res.url}: ${res.status} ${body.slice(0, 200)}`;
    },
  };
  const kinds: TrafficKind[] = ["fast", "llm", "fast", "llm", "describe", "malformed", "http"];

  const deadline = Date.now() + minutes * 60_000;
  // RSS is compared from the end of the warm-up: V8 grows its heap for a while before it settles.
  const warmUntil = Date.now() + Math.min(5 * 60_000, Math.max(10_000, minutes * 60_000 * 0.2));
  let rssStart = 0;
  /** [time, kB] once warm, every second. */
  const rssSamples: Array<[number, number]> = [];
  let treeStart = 0;
  let rssMax = 0;
  let fdsStart = 0;
  let childrenStart = 0;
  const pings: number[] = [];
  const pinger = startPinger(bridge.wyomingPort, (ms) => {
    if (Date.now() > warmUntil) pings.push(ms);
  });

  const sampler = setInterval(() => {
    const rss = rssKb(pid);
    rssMax = Math.max(rssMax, rss);
    if (rssStart) rssSamples.push([Date.now(), rss]);
    if (!rssStart && Date.now() > warmUntil) {
      rssStart = rss;
      treeStart = treeRssKb(pid);
      fdsStart = openFds(pid);
      childrenStart = childProcesses(pid).length;
      log(`soak: warm; RSS ${(rss / 1024).toFixed(1)} MiB, ${fdsStart} fds, ${childrenStart} children`);
    }
  }, 1000);
  const progress = setInterval(() => {
    const done = Object.values(turns).reduce((n, t) => n + t.ok + t.failed, 0);
    log(`soak: ${done} requests, ${failures.length} failures, RSS ${(rssKb(pid) / 1024).toFixed(1)} MiB`);
  }, 60_000);

  const worker = async (w: number) => {
    for (let i = w; Date.now() < deadline; i++) {
      const kind = kinds[i % kinds.length] as TrafficKind;
      let problem: string | undefined;
      try {
        problem = await withDeadline(checks[kind](), TURN_DEADLINE_MS, kind);
      } catch (err) {
        problem = `${kind}: ${err instanceof Error ? err.message : String(err)}`;
      }
      if (problem) {
        turns[kind].failed++;
        if (failures.length < 20) failures.push(problem);
        if (failureLogs.length < FAILURE_LOGS) failureLogs.push(logTail(bridge.output(), FAILURE_LOG_LINES));
      } else turns[kind].ok++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  clearInterval(sampler);
  clearInterval(progress);
  await pinger.stop();
  // Let sockets of the last requests close before counting what is still open.
  await new Promise((r) => setTimeout(r, 2000));

  const sorted = [...pings].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return {
    minutes,
    turns,
    failures,
    failureLogs,
    rssKb: {
      start: median(rssSamples.filter(([t]) => t <= warmUntil + WINDOW_MS).map(([, kb]) => kb)),
      end: median(rssSamples.filter(([t]) => t >= deadline - WINDOW_MS).map(([, kb]) => kb)),
      max: rssMax,
      startReading: rssStart,
      endReading: rssKb(pid),
    },
    treeRssKb: { start: treeStart, end: treeRssKb(pid) },
    pingMs: { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, samples: sorted.length },
    openFds: { start: fdsStart, end: openFds(pid) },
    children: { start: childrenStart, end: childProcesses(pid).length },
  };
}

/** The bridge's log is shown for this many failures, this many lines before each. */
const FAILURE_LOGS = 3;
const FAILURE_LOG_LINES = 40;

/** The last lines of a log that grows to tens of MiB in a long soak, without splitting all of it. */
function logTail(output: string, lines: number): string {
  const text = output.trimEnd();
  let start = text.length;
  for (let i = 0; i < lines && start > 0; i++) start = text.lastIndexOf("\n", start - 1);
  return text.slice(start + 1);
}

/** The RSS compared is the median over this long, after the warm-up and at the end. */
const WINDOW_MS = 60_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Writes a frame cut short and goes away, as a client that crashed mid-frame would. */
function sendAndLeave(port: number, bytes: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port }, () => {
      socket.write(bytes, () => setTimeout(() => socket.destroy(), 20));
    });
    socket.on("close", () => resolve());
    socket.on("error", () => resolve());
  });
}

/** Every number in a sentence, with a decimal point or comma, whatever words surround it. */
function spokenNumbers(speech: string): number[] {
  return [...speech.matchAll(/-?\d+(?:[.,]\d+)?/g)].map((m) => Number(m[0].replace(",", ".")));
}

function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0);
}

function treeRssKb(pid: number): number {
  const alive = (child: number) => {
    try {
      return rssKb(child);
    } catch {
      return 0; // It ended while we looked.
    }
  };
  return childProcesses(pid).reduce((sum, child) => sum + alive(child.pid), rssKb(pid));
}

function openFds(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** One idle Wyoming connection that pings every 100 ms and reports each round trip. */
function startPinger(port: number, onRoundTrip: (ms: number) => void): { stop(): Promise<void> } {
  const socket = connect({ host: "127.0.0.1", port, noDelay: true });
  let sentAt = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const ping = () => {
    if (stopped) return;
    sentAt = performance.now();
    socket.write(encodeEvent({ type: "ping", data: { text: "soak" } }));
  };
  const decoder = createDecoder((event: WyomingEvent) => {
    if (event.type !== "pong") return;
    onRoundTrip(performance.now() - sentAt);
    timer = setTimeout(ping, 100);
  });
  socket.on("connect", ping);
  socket.on("data", (chunk: Buffer) => decoder.push(chunk));
  socket.on("error", () => undefined);
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        stopped = true;
        clearTimeout(timer);
        socket.end(() => resolve());
        socket.destroy();
        resolve();
      }),
  };
}
