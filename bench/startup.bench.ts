// How soon the built bridge serves after the add-on's command (`node FLAGS dist/main.js`, the flags
// from its run script) starts, in `local` mode against a real broker and gateway simulator:
// start → /healthz answers, start → Wyoming answers `describe`, start → the first fast-path command
// is confirmed (the Z-Wave server must be up for it), start → the Z-Wave MCP server is up; against
// `node -e ''` (Node's own start and exit). Also the CPU time (user + system, all threads) the
// process had used when the first command was confirmed: less bent by the machine's load than the
// wall time (Linux: /proc/<pid>/stat, 10 ms ticks).
// This build also runs with Node's compile cache (NODE_COMPILE_CACHE, Node ≥ 22.1; the worker gets
// it too), warm from an earlier start: what the add-on would gain from it at start-up. It costs
// ~3 MiB for the life of the process (docs/architecture.md, Build), so the add-on does not set it.
// STARTUP_BASELINE_MAIN_JS adds other builds' dist/main.js (comma-separated), each started as it
// ships.
// Every variant starts once per round, in turn, so all meet the same machine load.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { addonNodeFlags } from "../test/support/addon-command.js";
import { freePort } from "../test/support/free-port.js";
import { brokerOptions, startMosquitto } from "../test/support/mosquitto.js";
import { converse, describe } from "../test/support/wyoming-client.js";
import { startAddonGateway } from "../test/support/zwave-gateway.js";
import { baselineBuilds, report, summarise, type Sample } from "./lib.js";

const RUNS = Number(process.env.STARTUP_RUNS ?? 10);
const THIS_BUILD = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "startup-"));
const warmCache = join(scratch, "warm-cache");

interface Variant {
  name: string;
  main: string;
  /** What each start adds to the environment. */
  env: () => Record<string, string>;
  toHealth: number[];
  toDescribe: number[];
  toFastPath: number[];
  toZwave: number[];
  /** CPU time (ms) by the first command confirmed. */
  cpuToFastPath: number[];
}
const variant = (name: string, main: string, env: () => Record<string, string>): Variant => ({
  name,
  main,
  env,
  toHealth: [],
  toDescribe: [],
  toFastPath: [],
  toZwave: [],
  cpuToFastPath: [],
});
const VARIANTS: Variant[] = [
  variant("this build", THIS_BUILD, () => ({})),
  variant("this build, compile cache", THIS_BUILD, () => ({ NODE_COMPILE_CACHE: warmCache })),
  ...baselineBuilds("STARTUP_BASELINE_MAIN_JS").map((b) => variant(b.name, b.mainJs, () => ({}))),
];

const broker = await startMosquitto();
const gateway = await startAddonGateway(broker);

const bare: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  spawnSync(process.execPath, ["-e", ""]);
  bare.push(performance.now() - start);
}

async function poll(until: () => Promise<boolean>, deadline: number): Promise<number> {
  for (;;) {
    if (await until().catch(() => false)) return performance.now();
    if (performance.now() > deadline) throw new Error("the bridge did not get there within 20 s");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** User + system CPU time of a running process, all its threads, in ms; undefined off Linux. */
function cpuMs(pid: number): number | undefined {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return undefined;
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in ticks
  // of 1/100 s (USER_HZ).
  const text = readFileSync(stat, "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startOnce(build: Variant): Promise<void> {
  const { toHealth, toDescribe, toFastPath, toZwave, cpuToFastPath } = build;
  const [wyomingPort, apiPort] = [await freePort(), await freePort()];
  const file = join(mkdtempSync(join(scratch, "options-")), "options.json");
  writeFileSync(
    file,
    JSON.stringify({
      llm_provider: "local",
      ...brokerOptions(broker),
      wyoming_port: wyomingPort,
      api_port: apiPort,
      log_level: "info",
    }),
  );
  const start = performance.now();
  const child = spawn(process.execPath, [...addonNodeFlags(build.main), build.main, "--options", file], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...build.env() },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let zwaveUpAt = 0;
  child.stdout.on("data", (chunk: Buffer) => {
    if (!zwaveUpAt && chunk.toString().includes("MCP server 'zwave' is up")) zwaveUpAt = performance.now();
  });
  child.stderr.resume();
  const deadline = start + 20_000;
  try {
    const health = poll(
      async () => (await fetch(`http://127.0.0.1:${apiPort}/healthz`)).status === 200,
      deadline,
    );
    const described = poll(async () => Boolean(await describe("127.0.0.1", wyomingPort)), deadline);
    toHealth.push((await health) - start);
    toDescribe.push((await described) - start);
    const answered = await poll(async () => {
      const outcome = await converse("127.0.0.1", wyomingPort, {
        text: "turn on switch one",
        language: "en",
      });
      return outcome.response.speech.startsWith("Turned on");
    }, deadline);
    toFastPath.push(answered - start);
    const cpu = cpuMs(child.pid!);
    if (cpu !== undefined) cpuToFastPath.push(cpu);
    await poll(async () => zwaveUpAt > 0, deadline);
    toZwave.push(zwaveUpAt - start);
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

// The cache is warm after one start.
await startOnce(variant("warm-up", THIS_BUILD, () => ({ NODE_COMPILE_CACHE: warmCache })));
for (let i = 0; i < RUNS; i++) for (const build of VARIANTS) await startOnce(build);

const sample = (name: string, times: number[]): Sample => ({ name, ...summarise(times), runs: times.length });
report(
  `Start-up in local mode on Node ${process.version} (${RUNS} starts per variant, in turn; real broker and gateway)`,
  [
    sample("node -e '' (start and exit)", bare),
    ...VARIANTS.flatMap((b) => [
      sample(`${b.name}: start → /healthz answers`, b.toHealth),
      sample(`${b.name}: start → Wyoming describe answers`, b.toDescribe),
      sample(`${b.name}: start → first fast-path command confirmed`, b.toFastPath),
      ...(b.cpuToFastPath.length
        ? [sample(`${b.name}: CPU time by then (user + system)`, b.cpuToFastPath)]
        : []),
      sample(`${b.name}: start → Z-Wave MCP server up (log)`, b.toZwave),
    ]),
  ],
  [
    "goal: start → first fast-path command confirmed, median ≤ 1000 ms",
    ...VARIANTS.map((b) => {
      const median = summarise(b.toFastPath).median;
      return `  ${b.name}: ${median.toFixed(0)} ms (${median <= 1000 ? "met" : "NOT met"})`;
    }),
  ],
);
await gateway.stop();
await broker.stop();
rmSync(scratch, { recursive: true, force: true });
process.exit(0);
