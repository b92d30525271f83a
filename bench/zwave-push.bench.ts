// How soon the bridge's view of the Z-Wave network follows a device: from the moment the gateway
// reports a switch flipped at the wall (Z-Wave JS UI's gateway simulated on a real Mosquitto, or the
// mock device's report to the real zwave-js driver behind @zwave-js/server) to the state event the
// bridge applies (src/zwave/state-events.ts), through the built worker thread as the add-on runs it.
import { performance } from "node:perf_hooks";
import { zwaveServerEnv } from "../src/zwave-host/launch.js";
import { startZwaveWorker } from "../src/zwave-host/worker-launch.js";
import type { ZwaveStateEvent } from "../src/zwave/state-events.js";
import { startBackend, type TransportName } from "../test/support/zwave-backends.js";
import { summarise } from "./lib.js";

const ROUNDS = Number(process.env.ZWAVE_PUSH_ROUNDS ?? 200);

async function measure(transport: TransportName): Promise<number[]> {
  const backend = await startBackend(transport);
  let waiter: { on: boolean; resolve: () => void } | undefined;
  const onState = (event: ZwaveStateEvent) => {
    const devices = event.type === "devices" ? event.devices : event.type === "device" ? [event.device] : [];
    const found = devices.find((d) => d.name === "Switch One");
    if (waiter && found?.on === waiter.on) waiter.resolve();
  };
  const worker = startZwaveWorker(zwaveServerEnv(backend.env), { onState });
  const seen = (on: boolean) => new Promise<void>((resolve) => (waiter = { on, resolve }));
  try {
    // Once the first full list has come, every report after it is a change event.
    const ready = seen(false);
    await backend.switchAtTheWall(false);
    await ready;
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const on = i % 2 === 0;
      const arrived = seen(on);
      const start = performance.now();
      await backend.switchAtTheWall(on);
      await arrived;
      times.push(performance.now() - start);
      // A pause between reports, as between flips at a wall: the mock controller waits for the
      // driver's ACK of each frame before it takes the next.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return times;
  } finally {
    await worker.close();
    await backend.stop();
  }
}

console.log(`\n## A device's report to the bridge's view (${ROUNDS} reports, the built worker thread)`);
for (const transport of ["mqtt", "websocket"] as const) {
  const s = summarise(await measure(transport));
  console.log(`  ${transport.padEnd(10)} median ${s.median.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms`);
}
process.exit(0);
