// German word order and verbs, and a thermostat's set point in six languages, end to end: grammar
// → names → the registry's tools → the fake Home Assistant (real haws client).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAgent } from "../../src/agent/agent.js";
import type { ConversationAgent } from "../../src/agent/types.js";
import { createHomeMirror, type HomeMirror } from "../../src/ha/mirror.js";
import { homeTools } from "../../src/tools/local/index.js";
import { createToolRegistry } from "../../src/tools/registry.js";
import { captureLogger } from "../support/capture-logger.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { deviceRow } from "../support/ha-home.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { waitFor } from "../support/wait-for.js";

let ha: FakeHa;
let mirror: HomeMirror;
let agent: ConversationAgent;

beforeAll(async () => {
  const home = corpusHome();
  // A satellite beside the thermostat, for "what is it set to here".
  home.devices = [
    ...home.devices,
    deviceRow("living_room_satellite", "Living Room Satellite", "living_room"),
  ];
  ha = await startFakeHa({ home });
  mirror = createHomeMirror({ url: ha.url, token: "good-token", logger: captureLogger().logger });
  await waitFor("the first sync", () => !mirror.status().stale);
  const { logger } = captureLogger();
  const registry = createToolRegistry({ logger });
  for (const { definition, executor } of homeTools(mirror)) registry.registerTool(definition, executor);
  agent = createAgent({ registry, mirror, logger, provider: "local", language: "en", haAgent: false });
});
afterAll(async () => {
  await mirror.close();
  await ha.close();
});
beforeEach(() => {
  ha.serviceCalls.length = 0;
});

const calls = () =>
  ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${[c.target.entity_id].flat().join(",")}`).sort();
const say = (text: string, language: string, deviceId?: string) =>
  agent.handle({ text, language, ...(deviceId ? { deviceId } : {}) });

describe("a place said before the name", () => {
  it.each([
    ["de", "Verriegle im Flur die Haustür", ["lock.lock lock.front_door"]],
    ["de", "Schalte im Schlafzimmer alle Lichter aus", ["light.turn_off light.bedroom_light"]],
    ["de", "im Schlafzimmer den Rollladen hochfahren", ["cover.open_cover cover.bedroom_blinds"]],
    [
      "it",
      "spegni in cucina tutte le luci",
      ["light.turn_off light.counter_lights", "light.turn_off light.kitchen_ceiling"],
    ],
    [
      "fr",
      "éteins dans la cuisine toutes les lumières",
      ["light.turn_off light.counter_lights", "light.turn_off light.kitchen_ceiling"],
    ],
  ])("%s: %j acts on the device of that place only", async (language, text, expected) => {
    const result = await say(text, language);
    expect(calls()).toEqual(expected);
    expect(result.response_type).toBe("action_done");
  });

  it("answers a question whose place comes before the name", async () => {
    ha.setState("cover.garage_door", "closed", { device_class: "garage" });
    await waitFor("the garage door closed", () => mirror.entity("cover.garage_door")?.state === "closed");
    const result = await say("Ist in der Garage das Garagentor geschlossen?", "de");
    expect(result.speech).toBe("Ja, Garage Door ist geschlossen.");
    expect(calls()).toEqual([]);
  });
});

describe("German separable verbs", () => {
  it.each([
    ["Den Rollladen herunterfahren", "cover.close_cover cover.bedroom_blinds"],
    ["Mach den Rollladen runter", "cover.close_cover cover.bedroom_blinds"],
    ["Rollladen hoch", "cover.open_cover cover.bedroom_blinds"],
    ["den Rollladen auf machen", "cover.open_cover cover.bedroom_blinds"],
    ["Schließe die Haustür zu", "lock.lock lock.front_door"],
    ["Haustür absperren", "lock.lock lock.front_door"],
  ])("%j → %s", async (text, expected) => {
    await say(text, "de");
    expect(calls()).toEqual([expected]);
  });
});

describe("what a thermostat is set to", () => {
  it.each([
    [
      "de",
      "Auf welche Solltemperatur ist die Heizung gestellt?",
      "Die Solltemperatur im Bereich Living Room beträgt 21 Grad.",
    ],
    [
      "de",
      "Auf wie viel Grad ist das Thermostat hier eingestellt?",
      "Die Solltemperatur im Bereich Living Room beträgt 21 Grad.",
    ],
    ["de", "Zieltemperatur", "Die Solltemperatur im Bereich Living Room beträgt 21 Grad."],
    ["en", "what is the target temperature", "The target temperature in Living Room is 21 degrees."],
  ])("%s: %j from the living room → the thermostat's target there", async (language, text, speech) => {
    const result = await say(text, language, "living_room_satellite");
    expect(result.speech).toBe(speech);
    expect(result.response_type).toBe("query_answer");
    expect(calls()).toEqual([]);
  });

  it.each([
    ["de", "Solltemperatur im Wohnzimmer", /21 Grad/],
    ["de", "wie warm ist die Heizung im Wohnzimmer eingestellt", /21 Grad/],
    ["en", "what is the thermostat set to", /21 degrees/],
    ["en", "what's the target temperature in the living room", /21 degrees/],
    ["fr", "quelle est la température de consigne du salon", /21 degrés/],
    ["es", "¿cuál es la temperatura objetivo del salón?", /21 grados/],
    ["nl", "wat is de ingestelde temperatuur in de woonkamer", /21 graden/],
    ["it", "qual è la temperatura impostata del soggiorno", /21 gradi/],
  ])("%s: %j → the set point, not the 20.5 it measures", async (language, text, value) => {
    const result = await say(text, language, "office_satellite");
    expect(result.speech).toMatch(value);
    expect(result.response_type).toBe("query_answer");
  });

  it("still reads the temperature a thermostat measures", async () => {
    const result = await say("Wie hoch ist die Temperatur vom Thermostat im Wohnzimmer?", "de");
    expect(result.speech).toMatch(/20,5 Grad/);
  });
});
