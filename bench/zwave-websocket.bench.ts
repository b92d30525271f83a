// control_zwave_device over the websocket transport (MCP call → node.set_value → the mock device's
// report → confirmed answer) against the same round trip with a plain `ws` client, in the same run
// on the real zwave-js driver, @zwave-js/server and zwave-js's mock controller.
// Needs dist/ (npm run build): the MCP server runs as the built stdio child.
import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { measure, report } from "./lib.js";
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
const rawTrip = await measure(
  "raw ws node.set_value → currentValue event",
  async () => {
    on = !on;
    const reported = raw.until(
      (m) =>
        m.type === "event" &&
        m.event?.event === "value updated" &&
        m.event.nodeId === nodeId &&
        (m.event.args as { property?: unknown; newValue?: unknown }).property === "currentValue" &&
        (m.event.args as { newValue?: unknown }).newValue === on,
    );
    await raw.command("node.set_value", {
      nodeId,
      valueId: { commandClass: 37, endpoint: 0, property: "targetValue" },
      value: on,
    });
    await reported;
  },
  { iterations: ITERATIONS, warmup: WARMUP },
);

let confirmedAll = true;
const started = performance.now();
const mcpTrip = await measure(
  "MCP control_zwave_device, confirmed (websocket)",
  async () => {
    on = !on;
    const r = await server.call("control_zwave_device", {
      deviceName: "Switch One",
      action: on ? "on" : "off",
    });
    if (r.structured?.confirmed !== true) confirmedAll = false;
  },
  { iterations: ITERATIONS, warmup: WARMUP },
);
const seconds = ((performance.now() - started) / 1000).toFixed(1);

raw.ws.close();
await server.close();
await stack.stop();
if (!confirmedAll) throw new Error("a control_zwave_device call was not confirmed");
report(
  "Z-Wave control round trip over the Z-Wave JS websocket server (real driver, mock controller)",
  [rawTrip, mcpTrip],
  [
    `overhead of the MCP round trip beyond the raw ws round trip: ${(mcpTrip.median - rawTrip.median).toFixed(2)} ms median (goal ≤ 3 ms); MCP series took ${seconds} s`,
  ],
);
process.exit(0);
