// When the Z-Wave MCP server dies under the built bridge: how soon a turn that was in flight gets
// its answer, and how soon a command works again. This build runs the server in a worker thread,
// crashed from outside by an uncaught exception (test/support/worker-inspector.ts); the baseline
// (ZWAVE_RESTART_BASELINE_MAIN_JS, e.g. the build before the worker) runs it as a child process,
// killed with SIGKILL. The in-flight turn is a command to a switch that reports its new state
// 1.5 s after the write, so the server is still waiting for the device when it dies. Each kill is
// the first of a freshly started bridge: repeated kills would measure the restart backoff instead.
//   ZWAVE_RESTART_RUNS (default 10) kills per build, alternating.
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { startBridgeProcess, type BridgeProcess } from "../test/support/bridge-process.js";
import { brokerOptions, startMosquitto } from "../test/support/mosquitto.js";
import { waitForChild } from "../test/support/process-tree.js";
import { converse } from "../test/support/wyoming-client.js";
import { INSPECT_OPTIONS, inspectWorkers, type WorkerInspector } from "../test/support/worker-inspector.js";
import { binarySwitch, demoNodes, startAddonGateway } from "../test/support/zwave-gateway.js";
import { report, summarise, type Sample } from "./lib.js";

const RUNS = Number(process.env.ZWAVE_RESTART_RUNS ?? 10);
const BASELINE = process.env.ZWAVE_RESTART_BASELINE_MAIN_JS;
/** The server is waiting for the slow switch's report when it dies. */
const IN_FLIGHT_MS = 300;

const broker = await startMosquitto();
const gateway = await startAddonGateway(broker, [
  ...demoNodes(),
  binarySwitch(20, "Slow Switch", { echoDelayMs: 1500 }),
]);

/** A bridge with its Z-Wave server up, and the way to kill that server. */
interface Running {
  bridge: BridgeProcess;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

interface Build {
  name: string;
  start(): Promise<Running>;
  answer: number[];
  recovery: number[];
  inFlightSpeech: Set<string>;
}

async function withWorker(): Promise<Running> {
  const bridge = await startBridgeProcess(
    { llm_provider: "local", ...brokerOptions(broker) },
    INSPECT_OPTIONS,
  );
  await bridge.waitForLog("MCP server 'zwave' is up");
  const inspector: WorkerInspector = await inspectWorkers(bridge);
  const worker = await inspector.firstWorker();
  return {
    bridge,
    async kill() {
      await inspector.crash(worker);
      await inspector.nextWorker(worker);
    },
    async stop() {
      inspector.close();
      await bridge.stop();
    },
  };
}

async function withChild(mainJs: string): Promise<Running> {
  const bridge = await startBridgeProcess({ llm_provider: "local", ...brokerOptions(broker) }, {}, mainJs);
  await bridge.waitForLog("MCP server 'zwave' is up");
  const pid = await waitForChild(bridge.child.pid!, /zwave\/server\.js/);
  return { bridge, kill: async () => void process.kill(pid, "SIGKILL"), stop: () => bridge.stop() };
}

const build = (name: string, start: () => Promise<Running>): Build => ({
  name,
  start,
  answer: [],
  recovery: [],
  inFlightSpeech: new Set(),
});

let on = false;
async function once(build: Build): Promise<void> {
  const running = await build.start();
  const say = (text: string) => converse("127.0.0.1", running.bridge.wyomingPort, { text, language: "en" });
  try {
    on = !on;
    const inFlight = say(`Turn ${on ? "on" : "off"} Slow Switch`);
    await sleep(IN_FLIGHT_MS);
    const killedAt = performance.now();
    // Not awaited: for the worker, kill() resolves only once the next worker runs.
    const killed = running.kill();
    const answered = await inFlight;
    build.answer.push(performance.now() - killedAt);
    build.inFlightSpeech.add(answered.response.speech);
    for (;;) {
      const outcome = await say(`Turn ${on ? "on" : "off"} Switch One`);
      if (outcome.event?.type === "handled") break;
      if (performance.now() - killedAt > 30_000)
        throw new Error(`${build.name}: no control 30 s after the kill`);
      await sleep(10);
    }
    build.recovery.push(performance.now() - killedAt);
    await killed;
  } finally {
    await running.stop();
  }
}

const builds = [
  build("worker thread, crashed", withWorker),
  ...(BASELINE ? [build("child process, SIGKILL", () => withChild(BASELINE))] : []),
];
try {
  for (let i = 0; i < RUNS; i++) for (const b of builds) await once(b);
} finally {
  await gateway.stop();
  await broker.stop();
}

const sample = (name: string, times: number[]): Sample => ({ name, ...summarise(times), runs: times.length });
// The baseline (the child process), when there is one, comes first: the ratios are against it.
const ordered = [...builds].reverse();
report(
  `Z-Wave server dies with a command in flight: kill → that turn answered (${RUNS} kills per build)`,
  ordered.map((build) => sample(build.name, build.answer)),
  ordered.map((build) => `${build.name}: ${[...build.inFlightSpeech].join(" | ")}`),
);
report(
  `Z-Wave server dies: kill → a command works again (${RUNS} kills per build)`,
  ordered.map((build) => sample(build.name, build.recovery)),
);
process.exit(0);
