// The fast-path corpus: every sentence of bench/support/fast-path-corpus.ts through the built
// bridge in local mode (no LLM) over Wyoming, against the HA websocket fake and the Z-Wave
// gateway simulator. Reports the share handled correctly per language and intent, and every
// wrong action (something acted on that the sentence did not name), which must be none.
import { randomUUID } from "node:crypto";
import { connectAsync } from "mqtt";
import { startBridgeProcess } from "../test/support/bridge-process.js";
import { corpusHome } from "../test/support/ha-corpus-home.js";
import { startFakeHa } from "../test/support/ha-server.js";
import { brokerOptions, startMosquitto } from "../test/support/mosquitto.js";
import { converse } from "../test/support/wyoming-client.js";
import { demoNodes, startAddonGateway } from "../test/support/zwave-gateway.js";
import { CORPUS, type CorpusEntry } from "./support/fast-path-corpus.js";
import { pino } from "pino";
import { createAgent } from "../src/agent/agent.js";
import { createHomeMirror } from "../src/ha/mirror.js";
import { homeTools } from "../src/tools/local/index.js";
import { createToolRegistry } from "../src/tools/registry.js";
import { generateHome } from "../test/support/ha-home.js";
import { waitFor } from "../test/support/wait-for.js";
import { measure, report, summarise } from "./lib.js";

const broker = await startMosquitto();
const nodes = demoNodes();
const simulator = await startAddonGateway(broker, nodes);
const ha = await startFakeHa({ home: corpusHome() });
const bridge = await startBridgeProcess({
  llm_provider: "local",
  ...brokerOptions(broker),
  ha_url: ha.url,
  ha_token: "good-token",
  log_level: "warn",
});
// A Z-Wave write as the corpus names it ("zw:Kitchen_Light"): the server writes through the
// gateway's `writeValue` API (node id in its first argument); a value topic's `/set` names the node.
const nodeNames = new Map(nodes.map((n) => [n.id, n.name.replaceAll(" ", "_")]));
const watcher = await connectAsync(broker.url, { username: broker.username, password: broker.password });
const zwaveWrites: string[] = [];
watcher.on("message", (topic, payload) => {
  if (!topic.endsWith("/set")) return;
  let node: string | undefined;
  if (topic.endsWith("/api/writeValue/set")) {
    const args = (JSON.parse(payload.toString()) as { args?: [{ nodeId?: number }] }).args;
    node = nodeNames.get(args?.[0]?.nodeId ?? -1);
  } else node = topic.split("/").find((part) => [...nodeNames.values()].includes(part));
  zwaveWrites.push(`zw:${node ?? topic}`);
});
await watcher.subscribeAsync("zwave/#");

const say = (text: string, language: string, conversationId: string, deviceId?: string) =>
  converse("127.0.0.1", bridge.wyomingPort, {
    text,
    language,
    conversationId,
    ...(deviceId ? { deviceId } : {}),
  });

// Ready when both homes answer: HA mirrored, Z-Wave devices listed.
for (const [probe, want] of [
  ["is the kettle on", /Kettle/],
  ["is switch one on", /Switch One/],
] as const) {
  const until = Date.now() + 30_000;
  while (!want.test((await say(probe, "en", randomUUID())).response.speech)) {
    if (Date.now() > until) throw new Error(`bridge not ready: "${probe}"`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const settle = () => new Promise((r) => setTimeout(r, 40));
function actions(): string[] {
  const ha_ = ha.serviceCalls.flatMap((c) =>
    [c.target.entity_id, c.service_data.entity_id].flat().filter(Boolean),
  );
  return [...new Set([...ha_.map(String), ...zwaveWrites])].sort();
}
function reset() {
  ha.serviceCalls.length = 0;
  zwaveWrites.length = 0;
}

interface Outcome {
  entry: CorpusEntry;
  language: string;
  ok: boolean;
  wrong: string[];
  speech: string;
  acted: string[];
  ms: number;
}

async function run(entry: CorpusEntry, language: string): Promise<Outcome> {
  reset();
  // A relative change moves a light that is on ("dim" leaves one that is off as it is): the
  // lights it names are put on at half first, as a user would see them before saying it.
  if (entry.intent === "relative" && !entry.expect.startsWith("~") && entry.expect.length > 1) {
    for (const id of entry.expect.split(" ").filter((a) => a.startsWith("light."))) {
      ha.setState(id, "on", { brightness: 128 });
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  const conversation = randomUUID();
  const started = performance.now();
  let reply = await say(entry.text, language, conversation, entry.speaker);
  let ms = performance.now() - started;
  await settle();
  let asked = true;
  if (entry.then) {
    asked = reply.response.speech.includes("?") && actions().length === 0;
    reply = await say(entry.then, language, conversation, entry.speaker);
    ms = performance.now() - started;
    await settle();
  }
  const acted = actions();
  const speech = reply.response.speech;
  const handled = reply.response.responseType !== "error";
  const expect = entry.expect;
  let wanted: string[] = [];
  let ok: boolean;
  if (expect === "-") ok = acted.length === 0;
  else if (expect === "?") ok = acted.length === 0 && speech.trim().endsWith("?");
  else if (expect.startsWith("~"))
    ok = acted.length === 0 && handled && new RegExp(expect.slice(1)).test(speech);
  else {
    wanted = expect.split(" ").sort();
    ok = asked && handled && acted.length === wanted.length && acted.every((a, i) => a === wanted[i]);
  }
  const wrong = acted.filter((a) => !wanted.includes(a));
  return { entry, language, ok, wrong, speech, acted, ms };
}

const outcomes: Outcome[] = [];
for (const [language, entries] of Object.entries(CORPUS)) {
  for (const entry of entries) outcomes.push(await run(entry, language));
}

const languages = Object.keys(CORPUS);
const intents = [...new Set(outcomes.map((o) => o.entry.intent))];
const pct = (list: Outcome[]) =>
  list.length ? `${Math.round((100 * list.filter((o) => o.ok).length) / list.length)} %` : "";
console.log("\n## Fast-path corpus through the built bridge (local mode, HA fake + Z-Wave simulator)");
console.log(`  ${"intent".padEnd(11)}${languages.map((l) => l.padStart(7)).join("")}`);
for (const intent of intents) {
  const cells = languages.map((l) => {
    const list = outcomes.filter((o) => o.language === l && o.entry.intent === intent);
    return (list.length ? `${list.filter((o) => o.ok).length}/${list.length}` : "").padStart(7);
  });
  console.log(`  ${intent.padEnd(11)}${cells.join("")}`);
}
console.log(
  `  ${"all".padEnd(11)}${languages.map((l) => pct(outcomes.filter((o) => o.language === l)).padStart(7)).join("")}`,
);
console.log(
  `  ${"sentences".padEnd(11)}${languages.map((l) => String(outcomes.filter((o) => o.language === l).length).padStart(7)).join("")}`,
);
for (const batch of [1, 2] as const) {
  const held = outcomes.filter((o) => o.entry.heldOut === batch);
  const cells = languages.map((l) => {
    const list = held.filter((o) => o.language === l);
    return `${list.filter((o) => o.ok).length}/${list.length}`.padStart(7);
  });
  console.log(`  ${`held-out ${batch}`.padEnd(11)}${cells.join("")}`);
}
const wrong = outcomes.filter((o) => o.wrong.length);
console.log(`  wrong actions: ${wrong.reduce((n, o) => n + o.wrong.length, 0)} (goal 0)`);
const turn = summarise(outcomes.map((o) => o.ms));
console.log(
  `  Wyoming turn incl. device confirmation: median ${turn.median.toFixed(2)} ms, p99 ${turn.p99.toFixed(2)} ms`,
);
for (const o of outcomes.filter((x) => x.ms > 1000)) {
  console.log(
    `  slow: ${o.language} ${JSON.stringify(o.entry.text)} ${o.ms.toFixed(0)} ms → ${JSON.stringify(o.speech)}`,
  );
}
for (const o of outcomes.filter((x) => !x.ok)) {
  console.log(
    `  ✗ ${o.language} [${o.entry.intent}] ${JSON.stringify(o.entry.text)} → ${JSON.stringify(o.speech)} acted [${o.acted.join(" ")}] want ${o.entry.expect}`,
  );
}

await watcher.endAsync();
await bridge.stop();
await ha.close();
await simulator.stop();
await broker.stop();

// Name resolution in a large home (2,000 entities, 1,000 exposed), in-process: exact names,
// typos (compared with every exposed name), and a whole area, against a sentence no grammar knows.
const logger = pino({ level: "error" });
const bigHa = await startFakeHa({ home: generateHome({ entities: 2000 }) });
const mirror = createHomeMirror({ url: bigHa.url, token: "good-token", logger });
await waitFor("the large home's first sync", () => !mirror.status().stale, 60_000);
const registry = createToolRegistry({ logger });
for (const { definition, executor } of homeTools(mirror)) registry.registerTool(definition, executor);
const agent = createAgent({ registry, mirror, logger, provider: "local", language: "en", haAgent: false });
const sample = (name: string, text: string) =>
  measure(name, () => agent.handle({ text }), { iterations: 100 });
report("Fast path in a home of 2,000 entities (in-process, state questions: no device round trip)", [
  await sample('not understood ("tell me a joke")', "tell me a joke"),
  await sample('exact name ("is the kitchen ceiling on")', "is the kitchen ceiling on"),
  await sample('typo ("is the kitchn ceilng on")', "is the kitchn ceilng on"),
  await sample('area and kind ("is the light in the kitchen on")', "is the light in the kitchen on"),
]);
await mirror.close();
await bigHa.close();
process.exit(wrong.length ? 1 : 0);
