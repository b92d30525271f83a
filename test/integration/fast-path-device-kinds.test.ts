// Home Assistant's own covers, colour lights, meters, binary sensors and batteries through the fast
// path, end to end in-process: the agent with no language model, the real tools, mirror
// and action policy, the HA websocket fake. What HA was asked to do is checked call by call, and an
// answer only ever states what the home reports. Every sentence is our own.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import type { HomeMirror } from "../../src/ha/mirror.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { entityRow, state } from "../support/ha-home.js";
import type { FakeHa } from "../support/ha-server.js";
import { startLocalHomeAgent } from "../support/local-home-agent.js";
import { waitFor } from "../support/wait-for.js";

let ha: FakeHa;
let mirror: HomeMirror;
let agent: ConversationAgent;
let close: (() => Promise<void>) | undefined;

/** The corpus home with more kinds of device: a colour lamp, sensors that detect, meters, batteries. */
function home() {
  const h = corpusHome();
  const add = (
    id: string,
    name: string,
    area: string,
    value: string,
    attributes: Record<string, unknown>,
  ) => {
    h.entities.push(entityRow(id, { original_name: name, area_id: area, exposed: true }));
    h.states.set(id, state(value, attributes));
  };
  add("light.color_lamp", "Color Lamp", "living_room", "off", {
    supported_color_modes: ["hs", "color_temp"],
    brightness: null,
  });
  add("binary_sensor.kitchen_leak", "Sink Leak Sensor", "kitchen", "off", { device_class: "moisture" });
  add("binary_sensor.hallway_motion", "Hallway Motion", "hallway", "on", { device_class: "motion" });
  add("binary_sensor.back_door", "Back Door", "hallway", "on", { device_class: "door" });
  add("sensor.dryer", "Dryer", "hallway", "1432.5", { device_class: "power", unit_of_measurement: "W" });
  add("sensor.heater", "Heater", "office", "12.5", { device_class: "energy", unit_of_measurement: "kWh" });
  add("sensor.back_door_battery", "Back Door Battery", "hallway", "12", {
    device_class: "battery",
    unit_of_measurement: "%",
  });
  add("sensor.desk_remote_battery", "Desk Remote Battery", "office", "88", {
    device_class: "battery",
    unit_of_measurement: "%",
  });
  h.states.set(
    "cover.bedroom_blinds",
    state("open", { device_class: "blind", current_position: 100, supported_features: 15 }),
  );
  h.entities.push(
    entityRow("cover.driveway_gate", {
      original_name: "Driveway Gate",
      area_id: "garage",
      aliases: ["portail de l'allée"],
      exposed: true,
    }),
  );
  h.states.set("cover.driveway_gate", state("closed", { device_class: "gate", supported_features: 3 }));
  return h;
}

beforeAll(async () => {
  ({ ha, mirror, agent, close } = await startLocalHomeAgent(home()));
});
afterAll(async () => close?.());
beforeEach(() => {
  ha.serviceCalls.length = 0;
});

async function setState(entityId: string, value: string, attributes: Record<string, unknown> = {}) {
  ha.setState(entityId, value, attributes);
  await waitFor(`${entityId} ${value}`, () => mirror.entity(entityId)?.state === value);
}

let turn = 0;
const say = (text: string, language = "en") =>
  agent.handle({ text, language, conversationId: `kinds-${turn++}` });
const calls = () =>
  ha.serviceCalls.map((c) => {
    const target = (c.target as { entity_id?: string }).entity_id ?? "";
    const data = Object.entries(c.service_data)
      .filter(([k]) => k !== "entity_id")
      .map(([k, v]) => `${k}=${String(v)}`);
    return [`${c.domain}.${c.service}`, target, ...data].join(" ");
  });

describe("covers", () => {
  it("'open the bedroom blinds halfway' sets the blinds' position, and says the position they report", async () => {
    const result = await say("open the bedroom blinds halfway");
    expect(calls()).toEqual(["cover.set_cover_position cover.bedroom_blinds position=50"]);
    expect(result.speech).toBe("Bedroom Blinds is 50 percent open now.");
  });

  it("'open the bedroom blinds 20 percent more' opens them by 20, never to 20", async () => {
    await setState("cover.bedroom_blinds", "open", {
      device_class: "blind",
      current_position: 50,
      supported_features: 15,
    });
    await waitFor(
      "the blinds at 50",
      () => mirror.entity("cover.bedroom_blinds")?.attributes.current_position === 50,
    );
    const result = await say("open the bedroom blinds 20 percent more");
    expect(calls()).toEqual(["cover.set_cover_position cover.bedroom_blinds position=70"]);
    expect(result.speech).toBe("Bedroom Blinds is 70 percent open now.");
  });

  it("'Chiudi le tapparelle in camera da letto' closes the bedroom's blinds", async () => {
    await setState("cover.bedroom_blinds", "open", { current_position: 100 });
    const result = await say("Chiudi le tapparelle in camera da letto", "it");
    expect(calls()).toEqual(["cover.close_cover cover.bedroom_blinds"]);
    expect(result.speech).toContain("Bedroom Blinds");
  });

  it("'stop the blinds' halts them where they are", async () => {
    await setState("cover.bedroom_blinds", "closing", { current_position: 60 });
    const result = await say("stop the blinds");
    expect(calls()).toEqual(["cover.stop_cover cover.bedroom_blinds"]);
    expect(result.speech).toBe("Stopped Bedroom Blinds.");
  });

  it("'turn off all the lights' never moves a cover", async () => {
    await say("turn off all the lights");
    expect(calls().filter((c) => c.startsWith("cover."))).toEqual([]);
  });

  it("a state asked to be so passes the same policy: 'make sure the garage door is open' waits for a yes", async () => {
    const result = await say("make sure the garage door is open");
    await say("assure-toi que la porte du garage est ouverte", "fr");
    expect(calls()).toEqual([]);
    expect(result.speech).toMatch(/Garage Door\?/);
  });

  it("'éteins toutes les lumières', 'zet alle lichten uit' never move a cover", async () => {
    await say("éteins toutes les lumières", "fr");
    await say("zet alle lichten uit", "nl");
    expect(calls().some((c) => c.startsWith("light.turn_off"))).toBe(true);
    expect(calls().filter((c) => !c.startsWith("light."))).toEqual([]);
  });

  it("a slip read reaches the same policy: 'opne the garage door' waits for a yes", async () => {
    const slip = await say("opne the garage door");
    expect(calls()).toEqual([]);
    expect(slip.speech).toMatch(/Garage Door\?/);
  });

  it("a kind said with a word of its name reaches the same policy: 'ouvre le portail sur l'allée' waits for a yes", async () => {
    const result = await say("ouvre le portail sur l'allée", "fr");
    expect(calls()).toEqual([]);
    expect(result.speech).toMatch(/Driveway Gate \?/);
  });

  it("a stray last word is left out of switching and levels only, never of opening", async () => {
    await say("try to open the garage door please dude");
    expect(calls()).toEqual([]);
  });

  it("'turnoff everything' said with a slip never touches a lock or a cover", async () => {
    await say("turnoff everything");
    expect(calls().filter((c) => c.startsWith("lock.") || c.startsWith("cover."))).toEqual([]);
  });

  it("a gate that only opens and closes, asked all the way open, waits for a yes to open it; halfway, it can't", async () => {
    const full = await say("set the driveway gate to 100 percent");
    const ganz = await say("mach das Driveway Gate ganz auf", "de");
    const half = await say("set the driveway gate to 50 percent");
    expect(calls()).toEqual([]);
    expect(full.speech).toBe("Do you want me to open Driveway Gate? Please say yes or no.");
    expect(ganz.speech).toBe("Soll ich Driveway Gate öffnen? Bitte sag ja oder nein.");
    expect(half.speech).toBe("Driveway Gate can't do that.");
  });

  it("'open the garage door halfway' waits for a yes: nothing moves", async () => {
    const result = await say("open the garage door halfway");
    expect(calls()).toEqual([]);
    expect(result.speech).toMatch(/Garage Door\?/);
  });
});

describe("colours", () => {
  it("'make the color lamp red' turns it on in red, confirmed by the colour it reports", async () => {
    const result = await say("make the color lamp red");
    expect(calls()).toEqual(["light.turn_on light.color_lamp color_name=red"]);
    expect(result.speech).toBe("Color Lamp is red now.");
  });

  it("'Stelle die Color Lamp auf warmweiß' sets the warm white as a colour temperature", async () => {
    const result = await say("Stelle die Color Lamp auf warmweiß", "de");
    expect(calls()).toEqual(["light.turn_on light.color_lamp color_temp_kelvin=2700"]);
    expect(result.speech).toBe("Color Lamp ist jetzt warmweiß.");
  });

  it.each([
    ["en", "change the colour of the color lamp to blue"],
    ["de", "ändere die Farbe der Color Lamp auf blau"],
    ["fr", "change la couleur de la Color Lamp en bleu"],
    ["es", "cambia el color de la Color Lamp a azul"],
    ["nl", "verander de kleur van de Color Lamp naar blauw"],
    ["it", "cambia il colore della Color Lamp in blu"],
  ])(
    "%s: %j sets the colour said, the word for colour no part of the lamp's name",
    async (language, text) => {
      await say(text, language);
      expect(calls()).toEqual(["light.turn_on light.color_lamp color_name=blue"]);
    },
  );

  it("'change the colour of the color lamp' says no colour, so nothing is sent", async () => {
    const result = await say("change the colour of the color lamp");
    expect(calls()).toEqual([]);
    expect(result.response_type).not.toBe("action_done");
  });

  it("a lamp with no colour is not sent one", async () => {
    const result = await say("make the desk lamp blue");
    expect(calls()).toEqual([]);
    expect(result.speech).toBe("Desk Lamp can't do that.");
  });
});

describe("readings and sensors, from what the home reports", () => {
  it("'how much power is the dryer using' says the meter's reading", async () => {
    const result = await say("how much power is the dryer using");
    expect(result.speech).toBe("Dryer is using 1,432.5 watts.");
  });

  it("'how much energy did the heater use' says the energy meter's reading", async () => {
    const result = await say("how much energy did the heater use");
    expect(result.speech).toBe("The energy use of Heater is 12.5 kilowatt hours.");
  });

  it("'is the back door open' reads the door sensor as open or closed", async () => {
    await setState("binary_sensor.back_door", "on");
    expect((await say("is the back door open")).speech).toBe("Yes, Back Door is open.");
    await setState("binary_sensor.back_door", "off");
    expect((await say("is the back door open")).speech).toBe("No, Back Door is closed.");
  });

  it("'is there a leak in the kitchen' asks the kitchen's moisture sensor", async () => {
    await setState("binary_sensor.kitchen_leak", "on");
    expect((await say("is there a leak in the kitchen")).speech).toBe("Yes, a leak: Sink Leak Sensor.");
    await setState("binary_sensor.kitchen_leak", "off");
    expect((await say("Y a-t-il une fuite dans la cuisine ?", "fr")).speech).toBe(
      "Non, rien à signaler : Sink Leak Sensor.",
    );
  });

  it("a sensor that has not reported is no 'no'", async () => {
    await setState("binary_sensor.kitchen_leak", "unavailable");
    const result = await say("is there a leak in the kitchen");
    expect(result.speech).not.toMatch(/^No/);
  });

  it("'any motion in the hallway' answers from the motion sensor", async () => {
    await setState("binary_sensor.hallway_motion", "on");
    expect((await say("any motion in the hallway")).speech).toBe("Yes, motion: Hallway Motion.");
  });

  it("a place with no such sensor is said to have none, never 'no'", async () => {
    const result = await say("is there smoke in the office");
    expect(result.speech).toBe("I found no sensor for smoke in Office.");
  });

  it("'which batteries are low' names those at 20 % or less, with their level", async () => {
    const result = await say("which batteries are low");
    expect(result.speech).toBe("Low batteries: Back Door Battery (12 percent).");
    expect((await say("Welche Batterien sind schwach?", "de")).speech).toBe(
      "Schwache Batterien: Back Door Battery (12 Prozent).",
    );
  });
});

describe("thermostats", () => {
  it("'switch the thermostat off' switches it off, as Home Assistant's intents do, confirmed by its state", async () => {
    await setState("climate.thermostat", "heat");
    const result = await say("switch the thermostat off");
    expect(calls()).toEqual(["climate.turn_off climate.thermostat"]);
    expect(result.speech).toBe("Turned off Thermostat.");
  });

  it("'everything off' never switches the heating off", async () => {
    await setState("climate.thermostat", "heat");
    await say("switch everything off in the living room");
    expect(calls().filter((c) => c.startsWith("climate"))).toEqual([]);
  });
});
