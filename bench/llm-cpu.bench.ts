// CPU the built bridge spends per LLM turn, measured from outside as the add-on runs: the CPU time
// of the bridge process and its children (/proc/<pid>/stat, every thread: a Z-Wave worker, or a
// Z-Wave child in a build that has one) over LLM_CPU_TURNS spoken turns that the model answers with
// one tool call and a reply (two provider requests to a zero-latency fake in its own process),
// against the same two requests sent with fetch() (the bodies the bridge sent, read back from the
// fake), timed with process.cpuUsage() here. LLM_CPU_BASELINE_MAIN_JS adds other builds
// (comma-separated), measured in alternating blocks with this one so that all meet the same load.
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { startBridgeProcess, type BridgeProcess } from "../test/support/bridge-process.js";
import { brokerOptions, startMosquitto } from "../test/support/mosquitto.js";
import { childProcesses } from "../test/support/process-tree.js";
import { converse } from "../test/support/wyoming-client.js";
import { startAddonGateway } from "../test/support/zwave-gateway.js";
import { baselineBuilds, summarise } from "./lib.js";

const TURNS = Number(process.env.LLM_CPU_TURNS ?? 200);
const BLOCKS = 5;
/** The fast path would answer anything it understands; this goes to the model. */
const SENTENCE = "Think about it and tell me what you make of the hour.";

/** User + system CPU of a process, all its threads, in ms (clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // After "pid (comm) ": state is field 0, utime field 11, stime field 12.
  return (Number(fields[11]) + Number(fields[12])) * 10;
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
const broker = await startMosquitto();
const gateway = await startAddonGateway(broker);

async function bridgeAt(mainJs?: string): Promise<BridgeProcess> {
  const bridge = await startBridgeProcess(
    { ...brokerOptions(broker), llm_provider: "anthropic", llm_base_url: fakeUrl, llm_api_key: "sk-ant-cpu" },
    {},
    mainJs,
  );
  await bridge.waitForLog("MCP server 'zwave' is up");
  return bridge;
}

async function turn(bridge: BridgeProcess, n: number): Promise<void> {
  const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
    text: SENTENCE,
    language: "en",
    conversationId: `cpu-${n}`,
  });
  if (!outcome.response.speech.startsWith("It is "))
    throw new Error(`not an LLM answer: ${outcome.response.speech}`);
}

/** The two requests of one turn as the bridge sent them (its tools, system prompt, the tool result). */
let turnBodies: string[] = [];
async function rawTurn(): Promise<void> {
  for (const body of turnBodies) {
    await fetch(`${fakeUrl}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    }).then((res) => res.text());
  }
}

const builds = [
  { name: "this build", bridge: await bridgeAt(), cpu: [] as number[] },
  ...(await Promise.all(
    baselineBuilds("LLM_CPU_BASELINE_MAIN_JS").map(async (b) => ({
      name: b.name,
      bridge: await bridgeAt(b.mainJs),
      cpu: [] as number[],
    })),
  )),
];
const raw: number[] = [];
let n = 0;
try {
  for (const build of builds) for (let i = 0; i < 20; i++) await turn(build.bridge, n++);
  child.send({ last: 2 });
  turnBodies = await new Promise<string[]>((resolve) =>
    child.once("message", (m: { bodies: string[] }) => resolve(m.bodies)),
  );
  for (let i = 0; i < 20; i++) await rawTurn();
  const per = Math.max(1, Math.floor(TURNS / BLOCKS));
  for (let b = 0; b < BLOCKS; b++) {
    for (const build of builds) {
      const pid = build.bridge.child.pid!;
      const before = treeCpuMs(pid);
      for (let i = 0; i < per; i++) await turn(build.bridge, n++);
      build.cpu.push((treeCpuMs(pid) - before) / per);
    }
    const from = process.cpuUsage();
    for (let i = 0; i < per; i++) await rawTurn();
    const used = process.cpuUsage(from);
    raw.push((used.user + used.system) / 1000 / per);
  }
} finally {
  for (const build of builds) await build.bridge.stop();
  child.disconnect();
  await gateway.stop();
  await broker.stop();
}

const rawMs = summarise(raw).median;
console.log(
  `\n## CPU per LLM turn on Node ${process.version}, from outside (Wyoming sentence → tool call → reply: 2 requests; anthropic fake; median of ${BLOCKS} blocks of ${Math.floor(TURNS / BLOCKS)})`,
);
console.log(
  `  the same 2 requests with fetch()           ${rawMs.toFixed(2)} ms CPU (${turnBodies.map((b) => `${(b.length / 1024).toFixed(1)} KiB`).join(" + ")})`,
);
for (const build of builds) {
  const ms = summarise(build.cpu).median;
  console.log(
    `  ${build.name.padEnd(24)} bridge and children ${ms.toFixed(2).padStart(6)} ms CPU per turn; beyond the fetches ${(ms - rawMs).toFixed(2)} ms (goal ≤ 5 ms: ${ms - rawMs <= 5 ? "met" : "NOT met"})`,
  );
}
process.exit(0);
