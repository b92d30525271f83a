// German word order and verbs, and a thermostat's set point in six languages, end to end: grammar
// → names → the registry's tools → the fake Home Assistant (real haws client).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import type { HomeMirror } from "../../src/ha/mirror.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { deviceRow, entityRow, MEDIA_VOLUME_SET, state } from "../support/ha-home.js";
import type { FakeHa } from "../support/ha-server.js";
import { startLocalHomeAgent } from "../support/local-home-agent.js";
import { waitFor } from "../support/wait-for.js";

let ha: FakeHa;
let mirror: HomeMirror;
let agent: ConversationAgent;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const home = corpusHome();
  // A satellite beside the thermostat, for "what is it set to here".
  home.devices = [
    ...home.devices,
    deviceRow("living_room_satellite", "Living Room Satellite", "living_room"),
  ];
  // A television named by its kind's word: "den Fernseher auf maximale Lautstärke" is its volume.
  home.entities = [
    ...home.entities,
    entityRow("media_player.tv", { original_name: "Fernseher", area_id: "office", exposed: true }),
    // The hallway's one light, for its room said in the genitive ("des Flures").
    entityRow("light.hall_light", { original_name: "Hall Light", area_id: "hallway", exposed: true }),
    // The television's plug, beside the kettle's: a plug named by what is plugged into it.
    entityRow("switch.tv_plug", { original_name: "TV Plug", area_id: "office", exposed: true }),
  ];
  home.states.set("switch.tv_plug", state("on", { device_class: "outlet" }));
  home.states.set(
    "light.hall_light",
    state("off", { supported_color_modes: ["brightness"], brightness: null }),
  );
  home.states.set("media_player.tv", state("on", { supported_features: MEDIA_VOLUME_SET }));
  ({ ha, mirror, agent, close } = await startLocalHomeAgent(home));
});
afterAll(async () => close?.());
beforeEach(() => {
  ha.serviceCalls.length = 0;
});

const calls = () =>
  ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${[c.target.entity_id].flat().join(",")}`).sort();
const say = (text: string, language: string, deviceId?: string) =>
  agent.handle({ text, language, ...(deviceId ? { deviceId } : {}) });

describe("a place said before the name", () => {
  it.each([
    ["de", "Verriegel im Flur die Haustür", ["lock.lock lock.front_door"]],
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

describe("a room said in the genitive", () => {
  it.each([
    ["schalte das Licht des Flures an", ["light.turn_on light.hall_light"]],
    ["schalte das Licht des Flurs an", ["light.turn_on light.hall_light"]],
    [
      "mach die Lampen der Küche an",
      ["light.turn_on light.counter_lights", "light.turn_on light.kitchen_ceiling"],
    ],
  ])("de: %j switches that room's lights", async (text, expected) => {
    const result = await say(text, "de");
    expect(calls()).toEqual(expected);
    expect(result.response_type).toBe("action_done");
  });
});

describe("music not heard, said with the one who cannot hear first", () => {
  it.each([
    ["de", "ich kann die Musik nicht hören"],
    ["nl", "ik kan de muziek niet horen"],
  ])("%s: %j turns the living room's speaker up", async (language, text) => {
    const result = await say(text, language, "living_room_satellite");
    expect(calls()).toEqual(["media_player.volume_set media_player.living_room_speaker"]);
    expect(result.response_type).toBe("action_done");
  });

  it.each([
    ["de", "ich will die Musik nicht hören"],
    ["nl", "ik wil de muziek niet horen"],
  ])("%s: %j, a wish, changes nothing", async (language, text) => {
    await say(text, language, "living_room_satellite");
    expect(calls()).toEqual([]);
  });
});

describe("French and Italian wishes and needs", () => {
  it.each([
    [
      "it",
      "Vorrei che le luci in cucina fossero spente",
      ["light.turn_off light.counter_lights", "light.turn_off light.kitchen_ceiling"],
    ],
    [
      "fr",
      "Je veux que les lumières de la cuisine s'allument",
      ["light.turn_on light.counter_lights", "light.turn_on light.kitchen_ceiling"],
    ],
    [
      "fr",
      "Pas de lumière dans la cuisine",
      ["light.turn_off light.counter_lights", "light.turn_off light.kitchen_ceiling"],
    ],
    [
      "it",
      "Non ho più bisogno delle luci in cucina",
      ["light.turn_off light.counter_lights", "light.turn_off light.kitchen_ceiling"],
    ],
  ])("%s: %j is carried out on that place's lights only", async (language, text, expected) => {
    const result = await say(text, language);
    expect(calls()).toEqual(expected);
    expect(result.response_type).toBe("action_done");
  });

  it("a pronoun joined to its verb, with nothing said before, switches nothing", async () => {
    await say("Spegnile", "it", "kitchen_satellite");
    expect(calls()).toEqual([]);
  });
});

describe("a state asked for without naming one", () => {
  it("'Sag mir den Zustand der Haustür' says what the lock is", async () => {
    const result = await say("Sag mir den Zustand der Haustür", "de");
    expect(result.speech).toBe("Front Door ist verriegelt.");
    expect(result.response_type).toBe("query_answer");
  });
});

describe("German separable verbs", () => {
  it.each([
    ["Den Rollladen herunterfahren", "cover.close_cover cover.bedroom_blinds"],
    ["Mach den Rollladen runter", "cover.close_cover cover.bedroom_blinds"],
    ["Rollladen hoch", "cover.open_cover cover.bedroom_blinds"],
    ["den Rollladen auf machen", "cover.open_cover cover.bedroom_blinds"],
    ["Schließ die Haustür zu", "lock.lock lock.front_door"],
    ["Die Haustür absperren", "lock.lock lock.front_door"],
  ])("%j → %s", async (text, expected) => {
    await say(text, "de");
    expect(calls()).toEqual([expected]);
  });
});

describe("a scene named with the word for a scene", () => {
  it.each([
    ["en", "start movie night scene"],
    ["es", "inicia la noche de cine escena"],
    ["fr", "lance soirée cinéma scène"],
  ])("%s: %j starts the scene named before the word for a scene", async (language, text) => {
    await say(text, language);
    expect(calls()).toEqual(["scene.turn_on scene.movie_night"]);
  });

  it.each([
    ["en", "switch to movie night"],
    ["de", "wechsle zu Filmabend"],
    ["fr", "passe à soirée cinéma"],
    ["es", "cambia a noche de cine"],
    ["nl", "schakel over naar filmavond"],
  ])("%s: %j changes to the scene", async (language, text) => {
    await say(text, language);
    expect(calls()).toEqual(["scene.turn_on scene.movie_night"]);
  });

  it.each([
    ["en", "switch to the kettle"],
    ["de", "wechsle zur Schreibtischlampe"],
    ["es", "ejecuta el hervidor"],
  ])("%s: %j is said of scenes alone: nothing else is switched on", async (language, text) => {
    await say(text, language);
    expect(calls()).toEqual([]);
  });

  it("en: a light named before the word for a scene is no scene: nothing is started", async () => {
    await say("start desk lamp scene", "en");
    expect(calls()).toEqual([]);
  });
});

describe("stopping, scenes and volume in German", () => {
  it("'stoppe' turns a fan off, and halts a cover where it is", async () => {
    await say("Stopp den Ventilator", "de");
    expect(calls()).toEqual(["fan.turn_off fan.bedroom_fan"]);
    ha.serviceCalls.length = 0;
    // A cover stops where it is, a player pauses: neither is a "turn off".
    const result = await say("Stoppe den Rollladen", "de");
    expect(calls()).toEqual(["cover.stop_cover cover.bedroom_blinds"]);
    expect(result.speech).not.toMatch(/geschlossen|ausgeschaltet/i);
  });

  it.each(["Führe die Szene Filmabend aus", "Filmabend Szene aktivieren", "Filmabend ausführen"])(
    "%j starts the scene named beside the word 'Szene'",
    async (text) => {
      await say(text, "de");
      expect(calls()).toEqual(["scene.turn_on scene.movie_night"]);
    },
  );

  it("'die Szene' alone names no scene", async () => {
    await say("Aktiviere die Szene", "de", "living_room_satellite");
    expect(calls()).toEqual([]);
  });

  it("a level for a television named by its kind's word is its volume, from its own room", async () => {
    const result = await say("Stell den Fernseher auf maximale Lautstärke", "de", "office_satellite");
    expect(result.speech).toBe("Die Lautstärke von Fernseher steht jetzt auf 100 Prozent.");
    expect(calls()).toEqual(["media_player.volume_set media_player.tv"]);
  });

  it.each([
    ["Lautstärke Wohnzimmerlautsprecher 30 %", 0.3],
    ["Stelle den Wohnzimmerlautsprecher auf maximale Lautstärke", 1],
    ["Verändere die Lautstärke vom Wohnzimmerlautsprecher auf die niedrigste Stufe", 0.01],
  ])("%j sets the speaker's volume", async (text, level) => {
    await say(text, "de");
    expect(ha.serviceCalls.map((c) => [c.service, c.service_data.volume_level])).toEqual([
      ["volume_set", level],
    ]);
  });

  it("'20 Helligkeit hier einstellen' dims the speaker's lights", async () => {
    await say("20 Helligkeit hier einstellen", "de", "office_satellite");
    expect(calls()).toEqual(["light.turn_on light.desk_lamp"]);
    expect(ha.serviceCalls[0]?.service_data).toMatchObject({ brightness_pct: 20 });
  });
});

describe("what a thermostat is set to", () => {
  it.each([
    [
      "de",
      "Auf welche Solltemperatur ist die Heizung eingestellt?",
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
    ["de", "wie warm ist die Heizung im Wohnzimmer gestellt", /21 Grad/],
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
    const result = await say("Wie hoch ist die Temperatur am Thermostat im Wohnzimmer?", "de");
    expect(result.speech).toMatch(/20,5 Grad/);
  });
});

describe("a plug named by what is plugged into it, said with another word for that", () => {
  it.each([
    ["fr", "éteins la prise de la télévision"],
    ["fr", "débranche la prise du téléviseur s'il te plaît"],
    ["es", "apaga el enchufe del televisor"],
    ["it", "spegni la presa del televisore"],
    // A kind's short word too: "tv" is no article or preposition to leave out.
    ["nl", "zet de stekker van de tv uit"],
    ["de", "schalte die Steckdose vom TV aus"],
  ])("%s: %j switches the TV Plug off", async (language, text) => {
    await say(text, language);
    expect(calls()).toEqual(["switch.turn_off switch.tv_plug"]);
  });

  it.each([
    ["fr", "éteins la prise de la machine à laver"],
    ["es", "apaga el enchufe de la lavadora"],
  ])("%s: %j, no plug named so, switches nothing", async (language, text) => {
    await say(text, language);
    expect(calls()).toEqual([]);
  });
});
