// What people hear is in the language they spoke, over Wyoming from the built bridge with no
// LLM, on the gateway simulator behind a real Mosquitto: a failed device call is said by its
// error code (the Z-Wave tools' structuredContent.error.code), never in the tool's English words,
// and a reading for a Z-Wave location quotes the place by its own name, not as it was folded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { brokerOptions, startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { converse } from "../support/wyoming-client.js";
import {
  binarySwitch,
  demoNodes,
  multisensor,
  startAddonGateway,
  thermostat,
  type GatewaySimulator,
} from "../support/zwave-gateway.js";

let broker: TestBroker;
let gateway: GatewaySimulator;
let bridge: BridgeProcess;

beforeAll(async () => {
  broker = await startMosquitto();
  gateway = await startAddonGateway(broker, [
    ...demoNodes(),
    binarySwitch(9, "Garage Switch", { status: "Dead", loc: "Garage" }),
    multisensor(6, "Cellar Sensor", { loc: "Wine Cellar" }, { temperature: 12 }),
    thermostat(12, "Hall Thermostat", { loc: "Hall" }),
  ]);
  bridge = await startBridgeProcess({ llm_provider: "local", ...brokerOptions(broker) });
  await bridge.waitForLog("MCP server 'zwave' is up");
}, 60_000);
afterAll(async () => {
  await bridge?.stop();
  await gateway?.stop();
  await broker?.stop();
});

const say = async (text: string, language: string) =>
  (await converse("127.0.0.1", bridge.wyomingPort, { text, language })).response.speech;

/** What the tools write for the model, in English: never heard. */
const TOOL_WORDS = /is dead|Z-Wave JS|driver|nothing was sent|didn't work:/;

describe("a failed device call, in the language it was asked in", () => {
  it.each([
    ["en", "turn on the garage switch", "Garage Switch is not responding."],
    ["de", "Schalte den Garage Switch ein", "Garage Switch antwortet nicht."],
    ["fr", "Allume le Garage Switch", "Garage Switch ne répond pas."],
    ["es", "Enciende el Garage Switch", "Garage Switch no responde."],
    ["nl", "Zet de Garage Switch aan", "Garage Switch reageert niet."],
    ["it", "Accendi il Garage Switch", "Garage Switch non risponde."],
  ])("%s: a dead device: %j → %j", async (language, text, speech) => {
    const heard = await say(text, language);
    expect(heard).toBe(speech);
    expect(heard).not.toMatch(TOOL_WORDS);
    expect(gateway.writesTo(9)).toEqual([]);
  });
});

describe("a reading for a Z-Wave location", () => {
  it.each([
    ["en", "what's the temperature in the office", "The temperature in Office is 21.5 degrees."],
    ["en", "what's the temperature in the wine cellar", "The temperature in Wine Cellar is 12 degrees."],
    ["de", "Wie warm ist es im Office?", "Die Temperatur im Bereich Office beträgt 21,5 Grad."],
    [
      "fr",
      "Quelle est la température dans le wine cellar ?",
      "La température dans la pièce Wine Cellar est de 12 degrés.",
    ],
  ])("%s: %j quotes the place by its own name", async (language, text, speech) => {
    expect(await say(text, language)).toBe(speech);
  });
});

describe("a Z-Wave thermostat asked for a temperature the fast path does not set yet", () => {
  it.each([
    ["en", "set the hall thermostat to 21"],
    ["en", "turn the hall thermostat up a bit"],
    ["de", "Stell den Hall Thermostat auf 21"],
    ["fr", "Mets le Hall Thermostat à 21"],
    ["es", "Pon el Hall Thermostat a 21"],
    ["nl", "Zet de Hall Thermostat op 21"],
    ["it", "Metti il Hall Thermostat a 21"],
  ])("%s: %j is ours to learn, never 'Hall Thermostat can't do that'", async (language, text) => {
    expect(await say(text, language)).toBe(GRAMMARS[language]!.replies.cannotYet);
    expect(gateway.writesTo(12)).toEqual([]);
  });
});

describe("Z-Wave gone after the devices were listed", () => {
  it.each(["en", "de", "fr", "es", "nl", "it"])(
    "%s: a reading and a command are said to have failed, in that language",
    async (language) => {
      if (language === "en") await gateway.halt("SIGTERM");
      const replies = GRAMMARS[language]!.replies;
      const sentences: Record<string, [string, string]> = {
        en: ["what's the temperature in the office", "turn on switch one"],
        de: ["Wie warm ist es im Office?", "Schalte Switch One ein"],
        fr: ["Quelle est la température dans le office ?", "Allume Switch One"],
        es: ["¿Qué temperatura hace en la office?", "Enciende Switch One"],
        nl: ["Hoe warm is het in het office?", "Zet Switch One aan"],
        it: ["Qual è la temperatura nell'office?", "Accendi Switch One"],
      };
      const [reading, command] = sentences[language]!;
      const heard = [await say(reading, language), await say(command, language)];
      for (const speech of heard) {
        expect(speech).not.toMatch(TOOL_WORDS);
        expect(speech).toBe(replies.errors.offline);
      }
    },
  );
});
