// What Home Assistant's agent recognised with no place named is carried out in the speaker's area,
// as HA's own handler and our fast path take it: never on every fitting entity of the home.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHomeMirror, type HomeMirror } from "../../src/ha/mirror.js";
import { captureLogger } from "../support/capture-logger.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { miniatureRecognizer, type Recognizer } from "../support/ha-default-agent.js";
import { deviceRow } from "../support/ha-home.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { localAgent } from "../support/local-home-agent.js";
import { waitFor } from "../support/wait-for.js";

/**
 * HA's agent takes a word our grammar does not know for "the lights", with no place slot: its
 * templates for "the lights" and for "all the lights in the house" both give only the domain.
 */
const recognizer: Recognizer = (text, language, context, home) => {
  const word = /^(?:.* )?(lichterchen|lucecitas|lumps)(?: .*)?$/i.exec(text)?.[1];
  if (!word) return miniatureRecognizer(text, language, context, home);
  const off = /\b(?:aus|apaga|off)\b/i.test(text);
  return {
    intent: off ? "HassTurnOff" : "HassTurnOn",
    slots: { domain: { value: "light", text: word } },
    match: true,
  };
};

let ha: FakeHa;
let mirror: HomeMirror;

beforeAll(async () => {
  const home = corpusHome();
  home.devices.push(deviceRow("garage_satellite", "Garage Satellite", "garage"));
  ha = await startFakeHa({ home, recognizer });
  mirror = createHomeMirror({ url: ha.url, token: "good-token", logger: captureLogger().logger });
  await waitFor("the first sync", () => !mirror.status().stale);
});
afterAll(async () => {
  await mirror.close();
  await ha.close();
});
beforeEach(() => {
  ha.serviceCalls.length = 0;
  ha.conversations.length = 0;
});

function agent() {
  return localAgent(mirror, { language: "de", haAgent: true });
}

let turn = 0;
const say = (deviceId: string, text = "Lichterchen", language = "de") =>
  agent().handle({ text, language, conversationId: `area-${turn++}`, deviceId });
const touched = () => ha.serviceCalls.flatMap((c) => [c.target.entity_id].flat()).sort();

describe("a command HA's agent recognised with no place", () => {
  it("switches the lights of the speaker's area only", async () => {
    await say("kitchen_satellite");
    expect(touched()).toEqual(["light.counter_lights", "light.kitchen_ceiling"]);
    expect(ha.conversations).toHaveLength(0);
  });

  it("in an area with none of them, acts on nothing and does not hand it to HA's process", async () => {
    const result = await say("garage_satellite");
    expect(touched()).toEqual([]);
    expect(result.speech).toMatch(/Garage/);
    expect(ha.conversations).toHaveLength(0);
  });
});

describe("a command HA's agent recognised with no place, said of the whole home", () => {
  const everyLight = [
    "light.bedroom_light",
    "light.counter_lights",
    "light.desk_lamp",
    "light.kitchen_ceiling",
    "light.living_room_lamp",
  ];

  it.each([
    ["de", "mach die Lichterchen im ganzen Haus aus"],
    ["es", "apaga todas las lucecitas de la casa"],
    ["en", "switch every single one of the lumps off"],
  ])("%s: %j switches every light of the home", async (language, text) => {
    await say("kitchen_satellite", text, language);
    expect(touched()).toEqual(everyLight);
    expect(ha.conversations).toHaveLength(0);
  });

  it("'all' where the language's sentences take the room stays in the speaker's area", async () => {
    // German "alle Lichter an" is the room's, as HA's German sentences have it.
    await say("kitchen_satellite", "mach alle Lichterchen an", "de");
    expect(touched()).toEqual(["light.counter_lights", "light.kitchen_ceiling"]);
  });
});
