// What the add-on costs a Raspberry Pi at rest: resident memory of the built bridge (main process
// and its Z-Wave MCP child) after it has idled, in `local` mode and with `anthropic` (pointed at
// the provider fake), against a bare Node process; and which module files the main process loaded.
// FOOTPRINT_IDLE_S shortens the idle time for a quick run (the figure to quote is the 120 s one).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { startBridgeProcess, type BridgeProcess } from "../test/support/bridge-process.js";
import { startFakeLlm } from "../test/support/llm/server.js";
import { brokerOptions, startMosquitto } from "../test/support/mosquitto.js";
import { waitForChild } from "../test/support/process-tree.js";
import { startAddonGateway } from "../test/support/zwave-gateway.js";

const IDLE_S = Number(process.env.FOOTPRINT_IDLE_S ?? 120);
// Loaded with `node --import`: on SIGUSR2 the process writes every module file it has loaded (ES
// modules seen by a load hook, CommonJS from require.cache) to $LOADED_MODULES_FILE.
const HOOK_SOURCE = `
import { register, createRequire } from "node:module";
import { MessageChannel } from "node:worker_threads";
import { writeFileSync } from "node:fs";
const { port1, port2 } = new MessageChannel();
const esm = new Set();
port1.on("message", (url) => esm.add(url));
port1.unref();
register(
  "data:text/javascript," + encodeURIComponent(
    "let port; export function initialize(d) { port = d.port; } " +
      "export async function load(url, context, next) { port.postMessage(url); return next(url, context); }",
  ),
  { data: { port: port2 }, transferList: [port2] },
);
const require = createRequire(import.meta.url);
process.on("SIGUSR2", () => {
  const files = new Set([...Object.keys(require.cache).map((p) => "file://" + p), ...esm]);
  writeFileSync(process.env.LOADED_MODULES_FILE, [...files].filter((f) => f.startsWith("file:")).join("\\n"));
});
`;
const HOOK = join(tmpdir(), `loaded-modules-hook-${process.pid}.mjs`);
writeFileSync(HOOK, HOOK_SOURCE);
const ZWAVE_CHILD = /zwave\/server\.js/;

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

const broker = await startMosquitto();
const gateway = await startAddonGateway(broker);
const llm = await startFakeLlm({ script: () => "OK." });
const common = { ...brokerOptions(broker), log_level: "info" };

async function bridgeUp(options: Record<string, unknown>, env: Record<string, string> = {}) {
  const bridge = await startBridgeProcess({ ...common, ...options }, env);
  await bridge.waitForLog("MCP server 'zwave' is up");
  const childPid = await waitForChild(bridge.child.pid!, ZWAVE_CHILD);
  return { bridge, childPid };
}

// 1. Which files the main process loads in `local` mode (its own run: the hook's thread costs memory).
const listFile = join(tmpdir(), `loaded-modules-${process.pid}.txt`);
const counted = await bridgeUp(
  { llm_provider: "local" },
  { NODE_OPTIONS: `--import ${HOOK}`, LOADED_MODULES_FILE: listFile },
);
counted.bridge.child.kill("SIGUSR2");
await new Promise((resolve) => setTimeout(resolve, 500));
const files = readFileSync(listFile, "utf8").split("\n").filter(Boolean);
rmSync(listFile);
rmSync(HOOK);
await counted.bridge.stop();
const byPackage = new Map<string, number>();
for (const file of files) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? "(our own)";
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + 1);
}
const watched = [
  "@langchain/core",
  "langsmith",
  "@langchain/langgraph",
  "pino-pretty",
  "@langchain/mcp-adapters",
];
console.log(`\n## Module files loaded by the main process, local mode: ${files.length}`);
console.log(`  ${watched.map((p) => `${p} ${byPackage.get(p) ?? 0}`).join(", ")}`);
console.log(
  `  largest: ${[...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([p, n]) => `${p} ${n}`)
    .join(", ")}`,
);

// 2. Resident memory after idling, all three side by side so they idle through the same load.
const bare = spawn(process.execPath, ["-e", "setInterval(()=>{},1e3)"], { stdio: "ignore" });
const runs: Array<{ name: string; bridge: BridgeProcess; childPid: number }> = [];
try {
  const local = await bridgeUp({ llm_provider: "local" });
  runs.push({ name: "local", ...local });
  const anthropic = await bridgeUp({
    llm_provider: "anthropic",
    llm_base_url: llm.url,
    llm_api_key: "sk-ant-footprint",
  });
  runs.push({ name: "anthropic (fake)", ...anthropic });
  await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
  const bareMiB = rssMiB(bare.pid!);
  console.log(`\n## Resident memory after ${IDLE_S} s idle (VmRSS)`);
  console.log(`  bare node -e 'setInterval(()=>{},1e3)'            ${bareMiB.toFixed(1)} MiB`);
  for (const run of runs) {
    const main = rssMiB(run.bridge.child.pid!);
    const child = rssMiB(run.childPid);
    console.log(
      `  ${run.name.padEnd(18)} main ${main.toFixed(1)} MiB (×${(main / bareMiB).toFixed(2)} bare) + Z-Wave child ${child.toFixed(1)} MiB = ${(main + child).toFixed(1)} MiB (goal ≤ 120 in local)`,
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
