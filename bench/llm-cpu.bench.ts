// CPU the built bridge spends per LLM turn, measured from outside as the add-on runs: the CPU time
// of the bridge process and its children (/proc, every thread: a Z-Wave worker, or a
// Z-Wave child in a build that has one) over LLM_CPU_TURNS spoken turns that the model answers with
// one tool call and a reply (two provider requests to a zero-latency fake in its own process),
// against the same two requests sent with fetch() (the bodies the bridge sent, read back from the
// fake), timed with process.cpuUsage() here. Two such turns: one reads the clock, one switches a
// Z-Wave device that confirms it; and the same switch by the fast path, without a model
// and a question about it, answered by the fast path (LLM_CPU_KINDS picks among `clock`, `zwave`,
// `fast path`, `question`). LLM_CPU_BASELINE_MAIN_JS adds other builds
// (comma-separated), measured in alternating blocks with this one so that all meet the same load.
// LLM_CPU_ZWAVE picks what the bridge reaches Z-Wave through: `mqtt` (Z-Wave JS UI's gateway,
// simulated on a real Mosquitto; the default) or `websocket` (Z-Wave JS's server, the real driver
// on its mock controller); either runs in this process, outside the figures. `demo` starts the
// bridge on its embedded defaults (README's `npm start`: no broker set, so its in-process broker
// and simulated gateway), whose CPU is the bridge process's and so inside the figures.
//
// Each warm figure is also split between the bridge's main thread and the rest (the Z-Wave worker,
// V8's and libuv's threads, the children), with the time a turn took from sentence to reply.
//
// Those are warm turns: each build has answered some before it is measured. A user's first turns
// after the add-on starts cost more (code compiled on first use, caches filled, the heap grown),
// so the cold measurement starts a fresh bridge for each sample, exactly as the run script starts it,
// waits until it is up, and takes the CPU of the whole process (every thread, as above) over exactly
// its first LLM_CPU_COLD_TURNS (100) Z-Wave LLM turns. The reference is measured the same way: a
// fresh `node` process sending the same request with fetch() that many times, its whole CPU read
// from /proc. LLM_CPU_COLD_STARTS fresh processes per build (default 5; builds alternate), median.
// LLM_CPU_MODE: `warm`, `cold`, or both (the default, `warm,cold`).
// LLM_CPU_SWITCH_REPORTS, over the websocket: how the switched device tells its new state,
// `when-asked` (the mock's default: the bridge asks it 300 ms after the Set, src/zwave/network.ts) or
// `itself` (a report of its own right after the Set, to its lifeline). The simulated gateway's
// switch reports itself (src/demo/gateway-simulator/writes.ts).
import { fork, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startBridgeProcess, type BridgeProcess } from "../test/support/bridge-process.js";
import { brokerOptions, startMosquitto } from "../test/support/mosquitto.js";
import { childProcesses } from "../test/support/process-tree.js";
import { converse } from "../test/support/wyoming-client.js";
import {
  bridgeOptionsFor,
  startBackend,
  type ReportingMode,
  type TransportName,
} from "../test/support/zwave-backends.js";
import { startAddonGateway } from "../test/support/zwave-gateway.js";
import { baselineBuilds, summarise } from "./lib.js";

const TURNS = Number(process.env.LLM_CPU_TURNS ?? 200);
const BLOCKS = 5;
/** The fast path would answer anything it understands; this goes to the model. */
const SENTENCE = "Think about it and tell me what you make of the hour.";

/**
 * CPU time of a process, all its threads, in ms: the scheduler's count in nanoseconds of each thread
 * (/proc/<pid>/task/<tid>/schedstat, its first field), where /proc/<pid>/stat counts clock ticks
 * of 10 ms. The bridge's threads (its own, the Z-Wave worker, libuv's and V8's) live as long as it.
 */
function processCpuMs(pid: number): number {
  return readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => {
    try {
      return sum + Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
    } catch {
      return sum; // the thread ended while we looked
    }
  }, 0);
}

/** The CPU time of a process's main thread, in ms: the thread whose id is the process's. */
function mainThreadCpuMs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
}

/** The process and its children (the MCP servers it started over stdio). */
function treeCpuMs(pid: number): number {
  return childProcesses(pid).reduce((sum, c) => sum + processCpuMs(c.pid), processCpuMs(pid));
}

const child = fork(fileURLToPath(new URL("./support/fake-llm-process.ts", import.meta.url)), ["{}"], {
  execArgv: ["--import", "tsx"],
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const fakeUrl = await new Promise<string>((resolve) =>
  child.once("message", (m: { url: string }) => resolve(m.url)),
);
const TRANSPORT = (process.env.LLM_CPU_ZWAVE ?? "mqtt") as TransportName | "demo";
const SWITCH_REPORTS = (process.env.LLM_CPU_SWITCH_REPORTS ?? "when-asked") as ReportingMode;
if (!["when-asked", "itself"].includes(SWITCH_REPORTS))
  throw new Error(`LLM_CPU_SWITCH_REPORTS is when-asked or itself, not ${SWITCH_REPORTS}`);
/** What the headings say of the transport. */
const OVER = TRANSPORT === "websocket" ? `websocket (the switch reports ${SWITCH_REPORTS})` : TRANSPORT;
const zwave =
  TRANSPORT === "demo"
    ? { options: {}, stop: async () => {} }
    : TRANSPORT === "websocket"
      ? await startBackend("websocket").then((backend) => {
          backend.setSwitchReporting(SWITCH_REPORTS);
          return {
            options: bridgeOptionsFor(backend),
            stop: () => backend.stop(),
          };
        })
      : await startMosquitto().then(async (broker) => {
          const gateway = await startAddonGateway(broker);
          return {
            options: brokerOptions(broker),
            stop: async () => {
              await gateway.stop();
              await broker.stop();
            },
          };
        });

async function bridgeAt(mainJs?: string): Promise<BridgeProcess> {
  const bridge = await startBridgeProcess(
    { ...zwave.options, llm_provider: "anthropic", llm_base_url: fakeUrl, llm_api_key: "sk-ant-cpu" },
    {},
    mainJs,
  );
  await bridge.waitForLog("MCP server 'zwave' is up");
  return bridge;
}

/**
 * The turns measured: `clock`, an LLM turn whose one tool call reads the clock; `zwave`, an LLM turn
 * whose one call switches a Z-Wave device (`control_zwave_device`, confirmed by the device's
 * report); `fast path`, a sentence the local understanding switches the same device by, no model;
 * `question`, whether that device is on, answered by the local understanding.
 */
type Kind = "clock" | "zwave" | "fast path" | "question";
const KINDS = (process.env.LLM_CPU_KINDS ?? "clock,zwave,fast path").split(",") as Kind[];

function sentenceOf(kind: Kind, n: number): { text: string; expect: string | RegExp } {
  const action = n % 2 ? "off" : "on";
  if (kind === "zwave")
    return { text: `Reason it through, switch job ${n}`, expect: `Switch One is ${action}` };
  if (kind === "fast path")
    return { text: `turn ${action} switch one`, expect: `Turned ${action} Switch One` };
  if (kind === "question") return { text: "is switch one on", expect: /^(Yes|No), Switch One is o(n|ff)\.$/ };
  return { text: SENTENCE, expect: "It is " };
}

async function turn(bridge: BridgeProcess, kind: Kind, n: number): Promise<void> {
  const { text, expect } = sentenceOf(kind, n);
  const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
    text,
    language: "en",
    conversationId: `cpu-${n}`,
  });
  const { speech } = outcome.response;
  if (typeof expect === "string" ? !speech.startsWith(expect) : !expect.test(speech))
    throw new Error(`not the ${kind} answer: ${speech}`);
}

/** The requests of one LLM turn as the bridge sent them (its tools, system prompt, the tool result). */
async function rawTurn(bodies: string[]): Promise<void> {
  for (const body of bodies) {
    await fetch(`${fakeUrl}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    }).then((res) => res.text());
  }
}

const MODES = (process.env.LLM_CPU_MODE ?? "warm,cold").split(",");
const COLD_STARTS = Number(process.env.LLM_CPU_COLD_STARTS ?? 5);
const COLD_TURNS = Number(process.env.LLM_CPU_COLD_TURNS ?? 100);
const buildList = [
  { name: "this build", mainJs: undefined as string | undefined },
  ...baselineBuilds("LLM_CPU_BASELINE_MAIN_JS"),
];

/** Sends the model's last `count` request bodies back over IPC: the requests of the last turn. */
async function lastBodies(count: number): Promise<string[]> {
  child.send({ last: count });
  return new Promise<string[]>((resolve) =>
    child.once("message", (m: { bodies: string[] }) => resolve(m.bodies)),
  );
}

/** Warm turns: each build's bridge keeps running; blocks of turns alternate between builds. */
async function warm(): Promise<void> {
  const builds = [];
  for (const b of buildList)
    builds.push({
      ...b,
      bridge: await bridgeAt(b.mainJs),
      cpu: new Map<Kind, number[]>(),
      /** Of that CPU, the bridge's main thread's, and the rest: the Z-Wave worker's, V8's and children's. */
      mainThread: new Map<Kind, number[]>(),
      otherThreads: new Map<Kind, number[]>(),
      /** Wall time per turn, from the sentence to the reply. */
      wall: new Map<Kind, number[]>(),
    });
  const raw = new Map<Kind, number[]>();
  const bodiesOf = new Map<Kind, string[]>();
  let n = 0;
  try {
    for (const kind of KINDS) {
      // This build warms up last, so the requests read back from the fake (and sent again with
      // fetch) are its own: a baseline's may list more tools and cost the fetch more.
      for (const build of [...builds].reverse())
        for (let i = 0; i < 20; i++) await turn(build.bridge, kind, n++);
      if (kind === "fast path" || kind === "question") continue;
      // A device's confirmed action is said from its typed result: one request, no second round.
      bodiesOf.set(kind, await lastBodies(kind === "zwave" ? 1 : 2));
      for (let i = 0; i < 20; i++) await rawTurn(bodiesOf.get(kind)!);
    }
    const per = Math.max(1, Math.floor(TURNS / BLOCKS));
    for (let b = 0; b < BLOCKS; b++) {
      for (const kind of KINDS) {
        for (const build of builds) {
          const pid = build.bridge.child.pid!;
          const before = treeCpuMs(pid);
          const mainBefore = mainThreadCpuMs(pid);
          const started = performance.now();
          for (let i = 0; i < per; i++) await turn(build.bridge, kind, n++);
          const add = (map: Map<Kind, number[]>, value: number) =>
            map.set(kind, [...(map.get(kind) ?? []), value]);
          add(build.wall, (performance.now() - started) / per);
          const mainMs = (mainThreadCpuMs(pid) - mainBefore) / per;
          const allMs = (treeCpuMs(pid) - before) / per;
          add(build.cpu, allMs);
          add(build.mainThread, mainMs);
          add(build.otherThreads, allMs - mainMs);
        }
        const bodies = bodiesOf.get(kind);
        if (!bodies) continue;
        const from = process.cpuUsage();
        for (let i = 0; i < per; i++) await rawTurn(bodies);
        const used = process.cpuUsage(from);
        const list = raw.get(kind) ?? [];
        list.push((used.user + used.system) / 1000 / per);
        raw.set(kind, list);
      }
    }
  } finally {
    for (const build of builds) await build.bridge.stop();
  }

  console.log(
    `\n## Warm: CPU per turn on Node ${process.version}, Z-Wave over ${OVER}, from outside (bridge process, every thread, and its children; median of ${BLOCKS} blocks of ${Math.floor(TURNS / BLOCKS)})`,
  );
  for (const kind of KINDS) {
    const bodies = bodiesOf.get(kind);
    const rawMs = bodies ? summarise(raw.get(kind) ?? []).median : undefined;
    console.log(
      kind === "fast path"
        ? `### ${kind}: a Z-Wave switch by a sentence the local understanding knows, no model`
        : kind === "question"
          ? `### ${kind}: whether that Z-Wave switch is on, answered by the local understanding, no model`
          : `### ${kind}: Wyoming sentence → one tool call (${kind === "zwave" ? "control_zwave_device, confirmed by the device" : "get_datetime"}) → reply; the same ${bodies!.length} request(s) with fetch(): ${rawMs!.toFixed(2)} ms CPU (${bodies!.map((body) => `${(body.length / 1024).toFixed(1)} KiB`).join(" + ")})`,
    );
    for (const build of builds) {
      const ms = summarise(build.cpu.get(kind) ?? []).median;
      const beyond =
        rawMs === undefined
          ? ""
          : `; beyond the fetches ${(ms - rawMs).toFixed(2)} ms (goal ≤ 5 ms: ${ms - rawMs <= 5 ? "met" : "NOT met"})`;
      const ratio =
        build === builds[0]
          ? ""
          : `; this build ×${(summarise(builds[0]!.cpu.get(kind) ?? []).median / ms).toFixed(2)} of it`;
      const mainMs = summarise(build.mainThread.get(kind) ?? []).median;
      const otherMs = summarise(build.otherThreads.get(kind) ?? []).median;
      const wallMs = summarise(build.wall.get(kind) ?? []).median;
      console.log(
        `  ${build.name.padEnd(24)} ${ms.toFixed(2).padStart(6)} ms CPU per turn${beyond}${ratio} (its main thread ${mainMs.toFixed(2)} ms, its other threads and children ${otherMs.toFixed(2)}; a turn took ${wallMs.toFixed(0)} ms)`,
      );
    }
  }
}

/**
 * A fresh `node` that sends `body` to the fake with fetch() `turns` times each time it is told to:
 * the reference for a fresh bridge's first turns, its CPU read from /proc as the bridge's is. Its
 * first `turns` load and compile Node's fetch (undici) as they go; the next `turns` are warm.
 */
const RAW_FETCH_PROCESS = `
const [url, turns] = [process.argv[1], Number(process.argv[2])];
let body;
process.on("message", async (message) => {
  body ??= message;
  for (let i = 0; i < turns; i++)
    await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body }).then((res) => res.text());
  process.send("done");
});
process.send("ready");
`;

/** CPU per request of a fresh process's first `COLD_TURNS` fetches, and of its next `COLD_TURNS`. */
async function coldRawFetch(body: string): Promise<{ first: number; next: number }> {
  const proc = spawn(
    process.execPath,
    ["--input-type=module", "-e", RAW_FETCH_PROCESS, `${fakeUrl}/v1/messages`, String(COLD_TURNS)],
    { stdio: ["ignore", "inherit", "inherit", "ipc"] },
  );
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  await new Promise((resolve) => proc.once("message", resolve));
  const round = async () => {
    const before = processCpuMs(proc.pid!);
    const done = new Promise((resolve) => proc.once("message", resolve));
    proc.send(body);
    await done;
    return (processCpuMs(proc.pid!) - before) / COLD_TURNS;
  };
  const first = await round();
  const next = await round();
  proc.disconnect();
  await exited;
  return { first, next };
}

const median = (values: number[]) => summarise(values).median;

/** Fresh bridges, each measured over exactly its first COLD_TURNS Z-Wave LLM turns. */
async function cold(): Promise<void> {
  const cpu = new Map<string, number[]>(buildList.map((b) => [b.name, []]));
  /** Where a fresh bridge's turns cost more: its first turn, and turns 2–10 and 11–100 per turn. */
  const phases = new Map<string, { first: number[]; early: number[]; rest: number[] }>(
    buildList.map((b) => [b.name, { first: [], early: [], rest: [] }]),
  );
  const raw: number[] = [];
  const rawWarm: number[] = [];
  let body: string | undefined;
  let n = 0;
  for (let s = 0; s < COLD_STARTS; s++) {
    // This build goes last in each round, so the request fetched below is its own.
    for (const build of [...buildList].reverse()) {
      const bridge = await bridgeAt(build.mainJs);
      try {
        const pid = bridge.child.pid!;
        const at = [treeCpuMs(pid)];
        for (let i = 0; i < COLD_TURNS; i++) {
          await turn(bridge, "zwave", n++);
          if (i === 0 || i === 9) at.push(treeCpuMs(pid));
        }
        at.push(treeCpuMs(pid));
        cpu.get(build.name)!.push((at[3]! - at[0]!) / COLD_TURNS);
        const phase = phases.get(build.name)!;
        phase.first.push(at[1]! - at[0]!);
        phase.early.push((at[2]! - at[1]!) / 9);
        phase.rest.push((at[3]! - at[2]!) / (COLD_TURNS - 10));
      } finally {
        await bridge.stop();
      }
    }
    body ??= (await lastBodies(1))[0]!;
    const fetched = await coldRawFetch(body);
    raw.push(fetched.first);
    rawWarm.push(fetched.next);
  }
  const rawMs = summarise(raw).median;
  const warmRawMs = summarise(rawWarm).median;
  const thisMs = summarise(cpu.get("this build")!).median;
  console.log(
    `\n## Cold: CPU per turn over the first ${COLD_TURNS} Z-Wave LLM turns of a fresh bridge, on Node ${process.version}, Z-Wave over ${OVER} (bridge process, every thread, and its children; median of ${COLD_STARTS} fresh processes per build)`,
  );
  console.log(
    `### zwave: Wyoming sentence → control_zwave_device, confirmed by the device → reply; the same request (${((body ?? "").length / 1024).toFixed(1)} KiB) with fetch() from a fresh node: its first ${COLD_TURNS} ${rawMs.toFixed(2)} ms CPU each [${raw.map((ms) => ms.toFixed(2)).join(", ")}], its next ${COLD_TURNS} ${warmRawMs.toFixed(2)} ms`,
  );
  for (const build of buildList) {
    const samples = cpu.get(build.name)!;
    const ms = summarise(samples).median;
    const phase = phases.get(build.name)!;
    // The load on a shared machine drifts over a run: each round's builds ran back to back, so
    // the ratio within each round, their median, says more than the ratio of the medians.
    const mine = cpu.get("this build")!;
    const paired = median(samples.map((v, s) => mine[s]! / v));
    const ratio = build.mainJs
      ? `; this build ×${(thisMs / ms).toFixed(2)} of it (×${paired.toFixed(2)}, the median of each fresh start's ratio)`
      : "";
    console.log(
      `  ${build.name.padEnd(24)} ${ms.toFixed(2).padStart(6)} ms CPU per turn (the first ${median(phase.first).toFixed(0)} ms, turns 2–10 ${median(phase.early).toFixed(2)} ms each, 11–${COLD_TURNS} ${median(phase.rest).toFixed(2)}); beyond the fresh fetch ${(ms - rawMs).toFixed(2)} ms (goal ≤ 5 ms: ${ms - rawMs <= 5 ? "met" : "NOT met"}), beyond a warm one ${(ms - warmRawMs).toFixed(2)} ms${ratio}  [${samples.map((v) => v.toFixed(2)).join(", ")}]`,
    );
  }
}

try {
  if (MODES.includes("warm")) await warm();
  if (MODES.includes("cold")) await cold();
} finally {
  child.disconnect();
  await zwave.stop();
}
process.exit(0);
