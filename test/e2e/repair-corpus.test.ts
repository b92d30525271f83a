// The built bridge (`node dist/main.js`) against Mosquitto, the gateway simulator and a local fake of
// each provider's API that answers the first request of a turn with a repair-corpus reply byte for
// byte, then "DONE". One case per category for every provider client the category applies to;
// judged only by the writes seen on the broker and, for reads, the tool results.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brokerOptions, startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { startAddonGateway, type GatewaySimulator } from "../support/zwave-gateway.js";
import { providerOptions, startFakeLlm, type FakeLlm } from "../support/llm/server.js";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { startWriteRecorder, type WriteRecorder } from "../support/zwave-write-recorder.js";
import {
  corpusNodes,
  judge,
  loadCorpus,
  resetDevices,
  speaksMarkup,
  type CorpusCase,
} from "../support/repair-corpus.js";

const corpus = loadCorpus();
const byId = new Map(corpus.map((c) => [c.id, c]));
const providers = ["anthropic", "openai", "ollama"] as const;

/** The first case of each category, and of each text-call family, for each provider that has one
 * (every category has a case for every provider, in the given corpus or ours). */
function casesFor(provider: (typeof providers)[number]): CorpusCase[] {
  const seen = new Set<string>();
  return corpus.filter((c) => {
    // The control case (a clean call) proves nothing about repair.
    if (c.provider !== provider || c.note.startsWith("exact:")) return false;
    const keys = [`category ${c.category}`, ...(c.family ? [`family ${c.family} ${c.category}`] : [])];
    if (keys.every((key) => seen.has(key))) return false;
    keys.forEach((key) => seen.add(key));
    return true;
  });
}

let broker: TestBroker;
let simulator: GatewaySimulator;
let recorder: WriteRecorder;
let llm: FakeLlm;

beforeAll(async () => {
  broker = await startMosquitto();
  simulator = await startAddonGateway(broker, corpusNodes());
  recorder = await startWriteRecorder(broker);
  llm = await startFakeLlm({
    script: (request) => {
      if (request.toolResults.length) return "DONE";
      const c = byId.get(/repair case (\S+)/.exec(request.userText ?? "")?.[1] ?? "");
      return c ? { native: c.raw } : "DONE";
    },
  });
});

afterAll(async () => {
  await llm?.close();
  await recorder?.close();
  await simulator?.stop();
  await broker?.stop();
});

describe.each(providers)("repair corpus through the built bridge with the %s client", (provider) => {
  let bridge: BridgeProcess;
  beforeAll(async () => {
    bridge = await startBridgeProcess({
      ...providerOptions(provider, llm),
      ...brokerOptions(broker),
    });
    await bridge.waitForLog("MCP server 'zwave' is up");
  });
  afterAll(async () => bridge?.stop());

  it.each(casesFor(provider).map((c) => [c.family ?? c.category, c.id, c] as const))(
    "%s (%s): only the meant action happens, and no markup is spoken",
    async (_category, _id, c) => {
      await resetDevices(recorder, c);
      const before = recorder.writes.length;
      const response = await fetch(`${bridge.apiUrl}/api/conversation`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: c.sentence }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        speech: string;
        tool_calls: Array<{ name: string; tool?: string; ok: boolean; result: string; repairs?: string[] }>;
      };
      await new Promise((resolve) => setTimeout(resolve, 200));
      const calls = body.tool_calls.map((call) => ({
        tool: call.tool ?? call.name,
        ok: call.ok,
        result: call.result,
      }));
      const verdict = judge(c, recorder.writes.slice(before), calls, recorder.deadNodes());
      expect(verdict.wrong).toEqual([]);
      expect(verdict.why).toBe("");
      expect(verdict.pass).toBe(true);
      expect(speaksMarkup(body.speech), body.speech).toBe(false);
    },
  );
});
