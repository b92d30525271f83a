// control_zwave_device over the websocket transport (MCP call → node.set_value → the mock device's
// report → confirmed answer) against the same round trip with a plain `ws` client, in the same run
// on the real zwave-js driver, @zwave-js/server and zwave-js's mock controller.
// Needs dist/ (npm run build): the MCP server runs as the built stdio child.
import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { measure, report, summarise, type Sample } from "./lib.js";
import { startZwaveServer } from "../test/support/zwave-gateway.js";
import { startRealZwaveStack } from "../test/support/zwave-js/real-stack.js";

const ITERATIONS = 100;
const WARMUP = 10;

interface Pending {
  resolve(): void;
  accept(message: { type?: string; messageId?: string; event?: Record<string, unknown> }): boolean;
}

/** A bare zwave-js-server client: what any websocket client pays for the same round trip. */
async function rawClient(url: string) {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const waiting = new Set<Pending>();
  ws.on("message", (data) => {
    const message = JSON.parse(data.toString()) as Parameters<Pending["accept"]>[0];
    for (const p of waiting) {
      if (!p.accept(message)) continue;
      waiting.delete(p);
      p.resolve();
    }
  });
  await new Promise<void>((resolve) => ws.once("message", () => resolve()));
  let id = 0;
  const until = (accept: Pending["accept"]) =>
    new Promise<void>((resolve) => waiting.add({ resolve, accept }));
  const command = (command: string, args: Record<string, unknown> = {}) => {
    const messageId = `raw-${++id}`;
    const done = until((m) => m.type === "result" && m.messageId === messageId);
    ws.send(JSON.stringify({ ...args, command, messageId }));
    return done;
  };
  await command("set_api_schema", { schemaVersion: 44 });
  await command("start_listening");
  return { ws, until, command };
}

const stack = await startRealZwaveStack();
const nodeId = stack.devices.switch;
const raw = await rawClient(stack.url);
const server = await startZwaveServer({ serverUrl: stack.url, prefix: "zwave", logLevel: "warn" });

let on = false;
async function rawRoundTrip(): Promise<void> {
  on = !on;
  const reported = raw.until(
    (m) =>
      m.type === "event" &&
      m.event?.event === "value updated" &&
      m.event.nodeId === nodeId &&
      (m.event.args as { property?: unknown }).property === "currentValue" &&
      (m.event.args as { newValue?: unknown }).newValue === on,
  );
  await raw.command("node.set_value", {
    nodeId,
    valueId: { commandClass: 37, endpoint: 0, property: "targetValue" },
    value: on,
  });
  await reported;
}

let confirmedAll = true;
async function mcpRoundTrip(): Promise<void> {
  on = !on;
  const r = await server.call("control_zwave_device", {
    deviceName: "Switch One",
    action: on ? "on" : "off",
  });
  if (r.structured?.confirmed !== true) confirmedAll = false;
}

// Interleaved, one of each per step, in alternating order: the driver's own timing and the
// machine's load drift over a run, and switching off is not exactly as fast as switching on; each
// series must see the same drift and as many of each.
const rawTimes: number[] = [];
const mcpTimes: number[] = [];
const started = performance.now();
async function timed(trip: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await trip();
  return performance.now() - t0;
}
for (let i = 0; i < WARMUP + ITERATIONS; i++) {
  let r: number;
  let m: number;
  if (i % 2 === 0) {
    r = await timed(rawRoundTrip);
    m = await timed(mcpRoundTrip);
  } else {
    m = await timed(mcpRoundTrip);
    r = await timed(rawRoundTrip);
  }
  if (i < WARMUP) continue;
  rawTimes.push(r);
  mcpTimes.push(m);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const rawTrip: Sample = {
  name: "raw ws node.set_value → currentValue event",
  ...summarise(rawTimes),
  runs: ITERATIONS,
};
const mcpTrip: Sample = {
  name: "MCP control_zwave_device, confirmed (websocket)",
  ...summarise(mcpTimes),
  runs: ITERATIONS,
};
const pairDiff = summarise(mcpTimes.map((t, i) => t - (rawTimes[i] ?? NaN))).median;

// The fixed cost of an MCP call through the stdio child and the tool layer, with no Z-Wave traffic.
const listCall = await measure(
  "MCP list_zwave_devices (no Z-Wave traffic)",
  async () => {
    const r = await server.call("list_zwave_devices");
    if (r.isError) throw new Error(r.text);
  },
  { iterations: ITERATIONS, warmup: WARMUP },
);

raw.ws.close();
await server.close();
await stack.stop();
if (!confirmedAll) throw new Error("a control_zwave_device call was not confirmed");
report(
  "Z-Wave control round trip over the Z-Wave JS websocket server (real driver, mock controller)",
  [rawTrip, mcpTrip, listCall],
  [
    `overhead of the MCP round trip beyond the raw ws round trip: ${(mcpTrip.median - rawTrip.median).toFixed(2)} ms between medians, ${pairDiff.toFixed(2)} ms median of paired differences (goal ≤ 3 ms); ${ITERATIONS} interleaved pairs in ${seconds} s`,
  ],
);
process.exit(0);
