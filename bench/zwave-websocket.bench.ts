// control_zwave_device over the websocket transport (MCP call → node.set_value → the device's own
// word → confirmed answer) against the raw `node.set_value` round trip with a plain `ws` client, in
// the same run on the real zwave-js driver, @zwave-js/server and zwave-js's mock controller. Two
// devices: one with Supervision (its Set's status 255 is the device's word), and one without (its
// word is the report to zwave-js's verification Get, ~1 s after an acknowledged Set; the driver's
// optimistic echo before it does not count). Needs dist/ (npm run build).
import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { measure, report, summarise, type Sample } from "./lib.js";
import { startZwaveServer } from "../test/support/zwave-gateway.js";
import { startRealZwaveStack } from "../test/support/zwave-js/real-stack.js";

/** Supervised writes answer in milliseconds; unsupervised ones wait ~1 s for the verification Get. */
const SUPERVISED_ITERATIONS = 100;
const UNSUPERVISED_ITERATIONS = 20;
const WARMUP = 5;

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
const raw = await rawClient(stack.url);
const server = await startZwaveServer({ serverUrl: stack.url, prefix: "zwave", logLevel: "warn" });

const state = new Map<number, boolean>();
const flip = (nodeId: number) => {
  const on = !state.get(nodeId);
  state.set(nodeId, on);
  return on;
};
const setValue = (nodeId: number, value: boolean) =>
  raw.command("node.set_value", {
    nodeId,
    valueId: { commandClass: 37, endpoint: 0, property: "targetValue" },
    value,
  });

/** The raw round trip: node.set_value sent → its result. */
async function rawSet(nodeId: number): Promise<void> {
  await setValue(nodeId, flip(nodeId));
}

/**
 * The raw wait for the device's own word on an unsupervised Set: after the result, the second
 * currentValue event (the first is zwave-js's optimistic echo; the second its verification Get).
 */
async function rawDeviceReport(nodeId: number): Promise<void> {
  const on = flip(nodeId);
  let seen = 0;
  const reported = raw.until(
    (m) =>
      m.type === "event" &&
      m.event?.event === "value updated" &&
      m.event.nodeId === nodeId &&
      (m.event.args as { property?: unknown }).property === "currentValue" &&
      (m.event.args as { newValue?: unknown }).newValue === on &&
      ++seen === 2,
  );
  await setValue(nodeId, on);
  await reported;
}

let confirmedAll = true;
function mcpSet(name: string, nodeId: number, confirmation: string): () => Promise<void> {
  return async () => {
    const r = await server.call("control_zwave_device", {
      deviceName: name,
      action: flip(nodeId) ? "on" : "off",
    });
    if (r.structured?.confirmation !== confirmation) confirmedAll = false;
  };
}

async function timed(trip: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await trip();
  return performance.now() - t0;
}

/**
 * Interleaved, one of each per step, in rotating order: the driver's own timing and the machine's
 * load drift over a run; each series must see the same drift and as many of each.
 */
async function interleaved(trips: (() => Promise<void>)[], iterations: number): Promise<number[][]> {
  const times = trips.map(() => [] as number[]);
  for (let i = 0; i < WARMUP + iterations; i++) {
    for (let k = 0; k < trips.length; k++) {
      const j = (i + k) % trips.length;
      const t = await timed(trips[j] as () => Promise<void>);
      if (i >= WARMUP) times[j]?.push(t);
    }
  }
  return times;
}

const sample = (name: string, times: number[] | undefined): Sample => ({
  name,
  ...summarise(times ?? []),
  runs: times?.length ?? 0,
});
const ratio = (a: Sample, b: Sample) => (a.median / b.median).toFixed(2);

const started = performance.now();
const supervisedNode = stack.devices.supervised;
const [rawSup, mcpSup] = await interleaved(
  [() => rawSet(supervisedNode), mcpSet("Desk Lamp", supervisedNode, "supervised")],
  SUPERVISED_ITERATIONS,
);
const plainNode = stack.devices.switch;
const [rawPlain, rawPlainReport, mcpPlain] = await interleaved(
  [() => rawSet(plainNode), () => rawDeviceReport(plainNode), mcpSet("Switch One", plainNode, "device")],
  UNSUPERVISED_ITERATIONS,
);
const seconds = ((performance.now() - started) / 1000).toFixed(1);

// The fixed cost of an MCP call through the stdio child and the tool layer, with no Z-Wave traffic.
const listCall = await measure(
  "MCP list_zwave_devices (no Z-Wave traffic)",
  async () => {
    const r = await server.call("list_zwave_devices");
    if (r.isError) throw new Error(r.text);
  },
  { iterations: SUPERVISED_ITERATIONS, warmup: WARMUP },
);

raw.ws.close();
await server.close();
await stack.stop();
if (!confirmedAll) throw new Error("a control_zwave_device call was not confirmed as expected");

const sup = [
  sample("raw node.set_value, supervised (→ status 255)", rawSup),
  sample("MCP control, confirmed: supervised", mcpSup),
];
report(
  "Confirmed switch over the Z-Wave JS websocket server, supervised device",
  [...sup, listCall],
  [`MCP answer / raw set_value round trip: ×${ratio(sup[1] as Sample, sup[0] as Sample)}`],
);
const plain = [
  sample("raw node.set_value, unsupervised (→ status 254)", rawPlain),
  sample("raw set_value → device's report (verify Get)", rawPlainReport),
  sample("MCP control, confirmed: device", mcpPlain),
];
report("Confirmed switch over the Z-Wave JS websocket server, unsupervised device", plain, [
  `MCP answer / raw device-report wait: ×${ratio(plain[2] as Sample, plain[1] as Sample)}; ${SUPERVISED_ITERATIONS} + ${UNSUPERVISED_ITERATIONS} interleaved rounds in ${seconds} s`,
]);
process.exit(0);
