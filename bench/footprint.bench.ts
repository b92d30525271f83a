// What the add-on costs a Raspberry Pi at rest: resident memory of the built bridge, started with
// the Node flags of the add-on's run script (test/support/addon-command.ts), with every process it
// started (a Z-Wave MCP child in builds that have one; the Z-Wave worker thread lives in
// the main process), FOOTPRINT_IDLE_S (default 60) after it is ready: in `local` mode, in `local`
// mode without Z-Wave (the main process alone: the difference is what the Z-Wave server costs),
// and after one LLM turn with a tool call per provider (each pointed at the provider fake), against
// a bare Node process in the same run. FOOTPRINT_BASELINE_MAIN_JS adds other builds' dist/main.js
// (comma-separated; e.g. main's build), run side by side so all idle through the same load.
// FOOTPRINT_ROUNDS (default 3) rounds, each starting every run afresh: the table gives each run's
// median and range (one sample of one start differs from the next by ~1 MiB, more than what a
// small change saves or costs).
// Also: which module files the main process loaded, in `local` mode and after an Anthropic turn.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { startBridgeProcess, type BridgeProcess } from "../test/support/bridge-process.js";
import { tellTheTime } from "../test/support/llm/scripts.js";
import { startFakeLlm } from "../test/support/llm/server.js";
import { brokerOptions, startMosquitto } from "../test/support/mosquitto.js";
import { childProcesses } from "../test/support/process-tree.js";
import { converse } from "../test/support/wyoming-client.js";
import { startAddonGateway } from "../test/support/zwave-gateway.js";
import { baselineBuilds } from "./lib.js";

const IDLE_S = Number(process.env.FOOTPRINT_IDLE_S ?? 60);
const ROUNDS = Number(process.env.FOOTPRINT_ROUNDS ?? 3);
const GOALS = { local: 85, llm: 100 };
// Loaded with `node --import`: on SIGUSR2 the process writes every module file it has loaded (ES
// modules seen by a load hook, CommonJS from require.cache) to $LOADED_MODULES_FILE, once the hook
// has reported nothing for a second (a list taken 0.5 s after the turn counted 4, 51 or 119
// langsmith files in different runs).
const HOOK_SOURCE = `
import { register, createRequire } from "node:module";
import { MessageChannel } from "node:worker_threads";
import { writeFileSync } from "node:fs";
const { port1, port2 } = new MessageChannel();
const esm = new Set();
let lastReport = Date.now();
port1.on("message", (url) => {
  esm.add(url);
  lastReport = Date.now();
});
port1.unref();
register(
  "data:text/javascript," + encodeURIComponent(
    "let port; export function initialize(d) { port = d.port; } " +
      "export async function load(url, context, next) { port.postMessage(url); return next(url, context); }",
  ),
  { data: { port: port2 }, transferList: [port2] },
);
const require = createRequire(import.meta.url);
function writeList() {
  if (Date.now() - lastReport < 1000) return void setTimeout(writeList, 200);
  const files = new Set([...Object.keys(require.cache).map((p) => "file://" + p), ...esm]);
  writeFileSync(process.env.LOADED_MODULES_FILE, [...files].filter((f) => f.startsWith("file:")).join("\\n"));
}
process.on("SIGUSR2", writeList);
`;
const HOOK = join(tmpdir(), `loaded-modules-hook-${process.pid}.mjs`);
writeFileSync(HOOK, HOOK_SOURCE);

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

const broker = await startMosquitto();
const gateway = await startAddonGateway(broker);
const llm = await startFakeLlm({ script: tellTheTime });
const common = { ...brokerOptions(broker), log_level: "info" };
const providers = {
  anthropic: { llm_provider: "anthropic", llm_base_url: llm.url, llm_api_key: "sk-ant-footprint" },
  openai: { llm_provider: "openai", llm_base_url: llm.openaiUrl, llm_api_key: "sk-footprint" },
  ollama: { llm_provider: "ollama", llm_base_url: llm.url },
} as const;

async function bridgeUp(
  options: Record<string, unknown>,
  env: Record<string, string> = {},
  mainJs?: string,
): Promise<BridgeProcess> {
  const bridge = await startBridgeProcess({ ...common, ...options }, env, mainJs);
  if (options.zwave_transport !== "websocket") await bridge.waitForLog("MCP server 'zwave' is up");
  return bridge;
}

/** One spoken sentence that the LLM answers with a tool call. */
async function llmTurn(bridge: BridgeProcess): Promise<void> {
  const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
    text: "What time is it now?",
    language: "en",
  });
  if (!outcome.response.speech.startsWith("It is ")) {
    throw new Error(`the LLM turn did not answer: ${outcome.response.speech}`);
  }
}

async function loadedModules(options: Record<string, unknown>, turn: boolean): Promise<string[]> {
  const listFile = join(tmpdir(), `loaded-modules-${process.pid}.txt`);
  const bridge = await bridgeUp(options, { NODE_OPTIONS: `--import ${HOOK}`, LOADED_MODULES_FILE: listFile });
  try {
    if (turn) await llmTurn(bridge);
    bridge.child.kill("SIGUSR2");
    while (!existsSync(listFile)) await new Promise((resolve) => setTimeout(resolve, 200));
    const files = readFileSync(listFile, "utf8").split("\n").filter(Boolean);
    rmSync(listFile);
    return files;
  } finally {
    await bridge.stop();
  }
}

function printModules(title: string, files: string[]): void {
  // Built, the bridge is a bundle: its own files (dist/) hold the packages it bundles, and only the
  // packages left out of it (scripts/bundle.mjs) load from node_modules.
  const byPackage = new Map<string, number>();
  let bytes = 0;
  for (const file of files) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? "(dist/, the bundle)";
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + 1);
    bytes += existsSync(new URL(file)) ? statSync(new URL(file)).size : 0;
  }
  console.log(
    `\n## Module files loaded by the main process, ${title}: ${files.length}, ${(bytes / 1024).toFixed(0)} KiB`,
  );
  console.log(
    `  by package: ${[...byPackage]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([p, n]) => `${p} ${n}`)
      .join(", ")}`,
  );
}

// 1. Which files the main process loads (their own runs: the hook's thread costs memory).
printModules("local mode", await loadedModules({ llm_provider: "local" }, false));
printModules("after one Anthropic turn", await loadedModules(providers.anthropic, true));
rmSync(HOOK);

// 2. Resident memory after idling, every run side by side so they idle through the same load, in
// rounds; each round starts every run afresh.
interface Run {
  name: string;
  bridge: BridgeProcess;
  goal?: number;
}
interface Measured {
  goal?: number;
  main: number[];
  total: number[];
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const bare = spawn(process.execPath, ["-e", "setInterval(()=>{},1e3)"], { stdio: "ignore" });
const measured = new Map<string, Measured>();
const bareSamples: number[] = [];
let runs: Run[] = [];
try {
  const builds = [
    { label: "", mainJs: undefined as string | undefined },
    ...baselineBuilds("FOOTPRINT_BASELINE_MAIN_JS").map((b) => ({ label: `${b.name} `, mainJs: b.mainJs })),
  ];
  for (let round = 0; round < ROUNDS; round++) {
    runs = [];
    for (const { label, mainJs } of builds) {
      runs.push({
        name: `${label}local`,
        bridge: await bridgeUp({ llm_provider: "local" }, {}, mainJs),
        goal: GOALS.local,
      });
      if (!mainJs) {
        // No Z-Wave server found or set: the bridge runs without one.
        const alone = await bridgeUp({ llm_provider: "local", zwave_transport: "websocket" });
        runs.push({ name: "local, no Z-Wave server", bridge: alone });
      }
      for (const [provider, options] of Object.entries(providers)) {
        const bridge = await bridgeUp(options, {}, mainJs);
        await llmTurn(bridge);
        runs.push({ name: `${label}${provider} (1 turn)`, bridge, goal: GOALS.llm });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
    bareSamples.push(rssMiB(bare.pid!));
    for (const run of runs) {
      const main = rssMiB(run.bridge.child.pid!);
      const children = childProcesses(run.bridge.child.pid!).reduce((sum, c) => sum + rssMiB(c.pid), 0);
      const entry = measured.get(run.name) ?? { goal: run.goal, main: [], total: [] };
      entry.main.push(main);
      entry.total.push(main + children);
      measured.set(run.name, entry);
    }
    for (const run of runs.splice(0)) await run.bridge.stop();
  }
  const bareMiB = median(bareSamples);
  console.log(
    `\n## Resident memory on Node ${process.version}, ${IDLE_S} s after ready (VmRSS, the main process and its children; median of ${ROUNDS} rounds, [lowest–highest])`,
  );
  console.log(`  bare node -e 'setInterval(()=>{},1e3)'   ${bareMiB.toFixed(1)} MiB`);
  for (const [name, { goal, main, total }] of measured) {
    const med = median(total);
    const range = `[${Math.min(...total).toFixed(1)}–${Math.max(...total).toFixed(1)}]`;
    console.log(
      `  ${name.padEnd(34)} main ${median(main).toFixed(1).padStart(6)}  total ${med.toFixed(1).padStart(6)} MiB ${range.padStart(13)}  ×${(med / bareMiB).toFixed(2)} bare${goal ? `  (goal ≤ ${goal}: ${med <= goal ? "met" : "NOT met"})` : ""}`,
    );
  }
} finally {
  bare.kill();
  for (const run of runs) await run.bridge.stop();
  await llm.close();
  await gateway.stop();
  await broker.stop();
}
process.exit(0);
