// The Z-Wave MCP child's memory at idle: `node dist/zwave/server.js`, started as the bridge starts it
// (zwaveServerCommand), connected to Mosquitto and a simulated gateway, after an MCP client listed its
// tools and the devices, then left alone to settle. Baseline: a bare Node process in the same run.
// Goal: ≤ 50 MiB RSS. Linux only (reads /proc).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { summarise } from "./lib.js";
import { startMosquitto } from "../test/support/mosquitto.js";
import { SERVER_JS, demoNodes, startGatewaySimulator } from "../test/support/zwave-gateway.js";
import { zwaveServerEnv } from "../src/zwave-host/launch.js";
import { zwaveServerCommand } from "../test/support/zwave-server-command.js";

const RUNS = Number(process.env.RUNS ?? 5);
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 8000);
const SAMPLES = 5;
const GOAL_MIB = 50;

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
  return kib / 1024;
}

/** Median RSS over a few seconds, once the process has settled. */
async function idleRss(pid: number): Promise<number> {
  await sleep(SETTLE_MS);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    samples.push(rssMiB(pid));
    await sleep(500);
  }
  return summarise(samples).median;
}

async function bareNode(): Promise<number> {
  const child: ChildProcess = spawn(process.execPath, ["-e", "setInterval(()=>{},1e3)"], { stdio: "ignore" });
  try {
    return await idleRss(child.pid!);
  } finally {
    child.kill();
  }
}

async function zwaveChild(broker: { url: string; username: string; password: string }): Promise<number> {
  const { command, args } = zwaveServerCommand(SERVER_JS);
  const transport = new StdioClientTransport({
    command,
    args,
    env: zwaveServerEnv({
      mqttUrl: broker.url,
      username: broker.username,
      password: broker.password,
      prefix: "zwave",
      logLevel: "info",
    }),
    stderr: "ignore",
  });
  const client = new Client({ name: "footprint-bench", version: "1.0.0" });
  await client.connect(transport);
  try {
    await client.listTools();
    const listed = await client.callTool({ name: "list_zwave_devices", arguments: {} });
    if (listed.isError) throw new Error(`list_zwave_devices failed: ${JSON.stringify(listed.content)}`);
    return await idleRss(transport.pid!);
  } finally {
    await client.close();
  }
}

const broker = await startMosquitto();
const sim = await startGatewaySimulator({
  brokerUrl: broker.url,
  username: broker.username,
  password: broker.password,
  nodes: demoNodes(),
});
const bare: number[] = [];
const zwave: number[] = [];
for (let i = 0; i < RUNS; i++) {
  bare.push(await bareNode());
  zwave.push(await zwaveChild(broker));
}
await sim.stop();
await broker.stop();

const b = summarise(bare).median;
const z = summarise(zwave).median;
console.log(`\n## Z-Wave MCP child, idle RSS after ${SETTLE_MS / 1000} s (median of ${RUNS} runs)`);
console.log(`  bare node -e 'setInterval(()=>{},1e3)'     ${b.toFixed(1)} MiB`);
console.log(
  `  node dist/zwave/server.js (MQTT, connected) ${z.toFixed(1)} MiB   ×${(z / b).toFixed(2)} baseline`,
);
console.log(
  `  runs: bare ${bare.map((x) => x.toFixed(1)).join(", ")}; zwave ${zwave.map((x) => x.toFixed(1)).join(", ")}`,
);
console.log(`  goal ≤ ${GOAL_MIB} MiB: ${z <= GOAL_MIB ? "met" : "NOT met"}`);
process.exit(0);
