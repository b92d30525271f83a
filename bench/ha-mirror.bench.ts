// HA mirror on a large home: initial sync (time, peak RSS), resolver latency and state_changed
// throughput, each with a baseline from the same run. The fake Home Assistant runs in a child
// process (bench/support/fake-ha-process.ts), so the figures here are the mirror's own.
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { createConnection, createLongLivedTokenAuth, type Connection } from "home-assistant-js-websocket";
import { WebSocket } from "ws";
import { createHomeMirror, type HomeMirror } from "../src/ha/mirror.js";
import { normalizeName } from "../src/spoken-name.js";
import { createLogger } from "../src/log.js";
import { measure, report, summarise } from "./lib.js";

const ENTITIES = 10_000;
const DEVICES = 2_000;
const EVENTS = 20_000;
const MB = 2 ** 20;
const logger = createLogger({ level: "warn" });
if (typeof globalThis.WebSocket === "undefined")
  (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;

const child: ChildProcess = fork(
  fileURLToPath(new URL("./support/fake-ha-process.ts", import.meta.url)),
  [JSON.stringify({ entities: ENTITIES, devices: DEVICES, exposed: ENTITIES / 2 })],
  { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] },
);
const nextMessage = <T>() => new Promise<T>((resolve) => child.once("message", (m) => resolve(m as T)));
const { url } = await nextMessage<{ url: string }>();

function synced(mirror: HomeMirror): Promise<void> {
  return new Promise((resolve) => {
    const off = mirror.onChange(() => {
      if (!mirror.status().stale) {
        off();
        resolve();
      }
    });
  });
}

// 1. Initial sync: time and peak RSS of the first one; time of a few more.
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 2);
const syncTimes: number[] = [];
let mirror: HomeMirror | undefined;
for (let run = 0; run < 5; run++) {
  await mirror?.close();
  const start = performance.now();
  mirror = createHomeMirror({ url, token: "good-token", logger });
  await synced(mirror);
  mirror.resolve("build the index");
  syncTimes.push(performance.now() - start);
  if (run === 0) clearInterval(sampler);
}
const live = mirror!;

// Baseline: JSON.parse of the same payloads the sync receives.
const bare: Connection = await createConnection({ auth: createLongLivedTokenAuth(url, "good-token") });
const payloads = await Promise.all(
  [
    "config/entity_registry/list",
    "config/device_registry/list",
    "config/area_registry/list",
    "get_states",
  ].map(async (type) => JSON.stringify(await bare.sendMessagePromise({ type }))),
);
const parse = await measure(
  "baseline: JSON.parse of registries + states",
  () => payloads.map((p) => JSON.parse(p)),
  {
    iterations: 10,
    warmup: 2,
  },
);
const sync = {
  name: `initial sync, ${ENTITIES} entities / ${DEVICES} devices`,
  ...summarise(syncTimes),
  runs: syncTimes.length,
};
report(
  "HA mirror: initial sync",
  [parse, sync],
  [
    `goal ≤ 1.5 s: ${sync.median <= 1500 ? "met" : "MISSED"}`,
    `peak RSS during the first sync ${(peakRss / MB).toFixed(0)} MB (${(rssBefore / MB).toFixed(0)} MB before) — goal ≤ 200 MB: ${peakRss <= 200 * MB ? "met" : "MISSED"}`,
  ],
);

// 2. Resolver latency on that home, against normalising the name and a plain Map lookup.
const exposed = live.areas().flatMap((a) => a.entities);
const names = exposed.map((e) => e.name);
const byName = new Map(names.map((n) => [normalizeName(n), n]));
let i = 0;
const next = () => names[i++ % names.length]!;
const mapLookup = await measure("baseline: normalise + Map.get", () => byName.get(normalizeName(next())), {
  iterations: 2000,
  batch: 20,
});
const exact = await measure("resolve(exact name)", () => live.resolve(next()), {
  iterations: 2000,
  batch: 20,
});
const partial = await measure(
  "resolve(last two words of a name, speaker's area)",
  () => live.resolve(next().split(" ").slice(-2).join(" "), { speakerDeviceId: "device_7" }),
  { iterations: 500, batch: 4 },
);
report(
  "HA mirror: resolver latency",
  [mapLookup, exact, partial],
  [
    `goal ≤ 100 µs median: exact ${exact.median <= 0.1 ? "met" : "MISSED"}, partial ${partial.median <= 0.1 ? "met" : "MISSED"}`,
  ],
);

// 3. state_changed throughput: the mirror (validate, apply, notify) against a bare haws
// subscription on the same stream that only counts entities. Each runs alone.
const changing = exposed.filter((e) => e.domain === "switch").map((e) => e.entityId);
async function pump(applied: Promise<void>): Promise<number> {
  const start = performance.now();
  child.send({ pump: EVENTS, entityIds: changing });
  await Promise.all([nextMessage(), applied]);
  return performance.now() - start;
}
let seen = 0;
const mirrorMs = await pump(
  new Promise<void>((resolve) => {
    const off = live.onChange((c) => {
      if (c.type === "state" && (seen += c.entityIds.length) >= EVENTS) {
        off();
        resolve();
      }
    });
  }),
);
await live.close();
let bareSeen = 0;
const bareMs = await pump(
  new Promise<void>((resolve) => {
    void bare.subscribeMessage(
      (event: { c?: Record<string, unknown> }) => {
        if (event.c && (bareSeen += Object.keys(event.c).length) >= EVENTS) resolve();
      },
      { type: "subscribe_entities" },
    );
  }),
);
bare.close();
const rate = (ms: number) => Math.round(EVENTS / (ms / 1000));
console.log(`\n## HA mirror: state_changed throughput (${EVENTS} events over ${changing.length} entities)`);
console.log(
  `  baseline: bare haws subscription, counting only      ${String(rate(bareMs)).padStart(7)} events/s`,
);
console.log(
  `  mirror: validate + apply + notify                     ${String(rate(mirrorMs)).padStart(7)} events/s   ×${(mirrorMs / bareMs).toFixed(2)} baseline time`,
);
console.log(`  goal ≥ 5000 events/s: ${rate(mirrorMs) >= 5000 ? "met" : "MISSED"}`);

child.disconnect();
process.exit(0);
