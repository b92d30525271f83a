// A question the fast path understood, asked while Z-Wave is still coming up, is answered by the
// bridge: with the reading once Z-Wave answers, and before that with an honest "not connected yet"
// in the request's language. It is never handed to the LLM as if the device did not exist (the
// 30-minute soak once saw "What's the temperature in the office?" answered by the LLM in its
// first second).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { providerOptions, startFakeLlm, type FakeLlm } from "../support/llm/server.js";
import { brokerOptions, startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { converse } from "../support/wyoming-client.js";
import { startAddonGateway, type GatewaySimulator } from "../support/zwave-gateway.js";

let llm: FakeLlm;
let bridge: BridgeProcess | undefined;

beforeAll(async () => {
  // Whatever it is asked, the model answers in words no reply of the bridge contains.
  llm = await startFakeLlm({ script: () => "The language model answered." });
});
afterAll(async () => llm?.close());
afterEach(async () => {
  await bridge?.stop();
  bridge = undefined;
});

const ask = (text: string, language = "en") => converse("127.0.0.1", bridge!.wyomingPort, { text, language });

/** Every number in a sentence, whatever words surround it ("21.5", "21,5"). */
const numbersIn = (speech: string) =>
  [...speech.matchAll(/-?\d+(?:[.,]\d+)?/g)].map((m) => Number(m[0].replace(",", ".")));

const OFFICE_TEMPERATURE = 21.5;
const TEMPERATURE = "What's the temperature in the office?";

describe("the embedded demo home, asked the moment the bridge says Z-Wave is up", () => {
  it("answers the office temperature and switches Switch One itself", async () => {
    bridge = await startBridgeProcess(providerOptions("anthropic", llm));
    await bridge.waitForLog("MCP server 'zwave' is up");
    const [reading, again, switched] = await Promise.all([
      ask(TEMPERATURE),
      ask(TEMPERATURE),
      ask("Turn on Switch One"),
    ]);
    expect(numbersIn(reading.response.speech)).toContain(OFFICE_TEMPERATURE);
    expect(numbersIn(again.response.speech)).toContain(OFFICE_TEMPERATURE);
    expect(switched.response.speech).toBe("Turned on Switch One.");
    expect(llm.requests).toHaveLength(0);
  }, 60_000);
});

describe("Z-Wave JS UI comes up after the bridge", () => {
  let broker: TestBroker;
  let gateway: GatewaySimulator | undefined;
  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(async () => {
    await gateway?.stop();
    await broker?.stop();
  });

  it("says Z-Wave is not connected yet, in the request's language, then reads the sensor", async () => {
    bridge = await startBridgeProcess({ ...providerOptions("anthropic", llm), ...brokerOptions(broker) });
    await bridge.waitForLog("MCP server 'zwave' is up");
    llm.requests.length = 0;

    const early = await ask(TEMPERATURE);
    expect(early.response.speech).toBe(GRAMMARS.en!.replies.zwaveNotConnected);
    const german = await ask("Wie ist die Temperatur im Büro?", "de");
    expect(german.response.speech).toBe(GRAMMARS.de!.replies.zwaveNotConnected);
    expect(llm.requests).toHaveLength(0);

    gateway = await startAddonGateway(broker);
    const deadline = Date.now() + 15_000;
    let speech = "";
    while (Date.now() < deadline && !numbersIn(speech).includes(OFFICE_TEMPERATURE)) {
      speech = (await ask(TEMPERATURE)).response.speech;
      // Each answer is the reading or the honest one, never the model's.
      const reading = numbersIn(speech).includes(OFFICE_TEMPERATURE);
      expect(reading || speech === GRAMMARS.en!.replies.zwaveNotConnected, speech).toBe(true);
      if (!reading) await new Promise((r) => setTimeout(r, 250));
    }
    expect(numbersIn(speech)).toContain(OFFICE_TEMPERATURE);
    expect(llm.requests).toHaveLength(0);
  }, 60_000);
});

describe("Z-Wave JS UI stops after the bridge has listed its devices", () => {
  let broker: TestBroker;
  let gateway: GatewaySimulator | undefined;
  beforeAll(async () => {
    broker = await startMosquitto();
    gateway = await startAddonGateway(broker);
  });
  afterAll(async () => {
    await gateway?.stop();
    await broker?.stop();
  });

  it("says the reading failed and why, rather than handing the question on as a missing sensor", async () => {
    bridge = await startBridgeProcess({ ...providerOptions("anthropic", llm), ...brokerOptions(broker) });
    await bridge.waitForLog("MCP server 'zwave' is up");
    const deadline = Date.now() + 15_000;
    let speech = "";
    while (Date.now() < deadline && !numbersIn(speech).includes(OFFICE_TEMPERATURE)) {
      speech = (await ask(TEMPERATURE)).response.speech;
    }
    expect(numbersIn(speech)).toContain(OFFICE_TEMPERATURE);
    llm.requests.length = 0;

    // A normal stop (an add-on update): only its driver status says Z-Wave JS UI is gone.
    await gateway!.halt("SIGTERM");
    const after = (await ask(TEMPERATURE)).response.speech;
    expect(after).toBe(GRAMMARS.en!.replies.errors.offline);
    const german = (await ask("Wie warm ist es im Office?", "de")).response.speech;
    expect(german).toBe(GRAMMARS.de!.replies.errors.offline);
    expect(llm.requests).toHaveLength(0);
  }, 60_000);
});
