// The local fast path end to end in-process: grammar → names → the same registry tools the LLM
// uses → the fake Home Assistant (real haws client), in each of the six languages.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import { createHomeMirror, type HomeMirror } from "../../src/ha/mirror.js";
import { captureLogger } from "../support/capture-logger.js";
import { agentWithModel, localAgent } from "../support/local-home-agent.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { generateHome } from "../support/ha-home.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { startFakeLlm } from "../support/llm/server.js";
import { waitFor } from "../support/wait-for.js";

let ha: FakeHa;
let mirror: HomeMirror;
let agent: ConversationAgent;

function makeAgent(options: { haAgent?: boolean } = {}): ConversationAgent {
  return localAgent(mirror, options);
}

beforeAll(async () => {
  ha = await startFakeHa({ home: corpusHome() });
  mirror = createHomeMirror({ url: ha.url, token: "good-token", logger: captureLogger().logger });
  await waitFor("the first sync", () => !mirror.status().stale);
  agent = makeAgent();
});
afterAll(async () => {
  await mirror.close();
  await ha.close();
});
beforeEach(() => {
  ha.serviceCalls.length = 0;
  ha.conversations.length = 0;
  ha.recognitions.length = 0;
});

/** Changes a state in HA and waits until the mirror has it, as a user would between sentences. */
async function setState(entityId: string, value: string, attributes: Record<string, unknown> = {}) {
  ha.setState(entityId, value, attributes);
  await waitFor(`${entityId} ${value}`, () => {
    const view = mirror.entity(entityId);
    return view?.state === value && Object.entries(attributes).every(([k, v]) => view.attributes[k] === v);
  });
}

const calls = () =>
  ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${[c.target.entity_id].flat().join(",")}`).sort();

async function say(
  text: string,
  language = "en",
  extra: { deviceId?: string; conversationId?: string } = {},
) {
  return agent.handle({ text, language, ...extra });
}

describe("fast path: on and off", () => {
  it.each([
    ["en", "turn on the kettle"],
    ["de", "Schalte den Wasserkocher ein"],
    ["fr", "Allume la bouilloire"],
    ["es", "Enciende el hervidor"],
    ["nl", "Zet de waterkoker even aan"],
    ["it", "Accendi il bollitore"],
  ])("%s: %j switches the kettle and says so in that language", async (language, text) => {
    await setState("switch.kettle", "off");
    const result = await say(text, language);
    expect(calls()).toEqual(["switch.turn_on switch.kettle"]);
    expect(result.response_type).toBe("action_done");
    expect(result.speech).toMatch(/^[A-ZÀ-Ý]/);
    expect(result.speech).toMatch(/Kettle/);
  });

  it("understands a bare '<name> off' and starts its reply with a capital", async () => {
    await setState("light.counter_lights", "on", { brightness: 200 });
    const result = await say("counter lights off.");
    expect(calls()).toEqual(["light.turn_off light.counter_lights"]);
    expect(result.speech).toBe("Turned off Counter Lights.");
  });

  it("switches every light in an area, and says which", async () => {
    const result = await say("turn on the lights in the kitchen");
    expect(calls()).toEqual(["light.turn_on light.counter_lights", "light.turn_on light.kitchen_ceiling"]);
    expect(result.speech).toBe("Turned on Ceiling Light and Counter Lights.");
  });

  it("turns off everything in an area, only exposed entities, only switchable ones", async () => {
    await setState("light.attic_light", "on");
    const result = await say("turn off everything in the office");
    expect(calls()).toEqual(["light.turn_off light.desk_lamp", "switch.turn_off switch.office_heater"]);
    expect(result.speech).toMatch(/^Turned off (Desk Lamp and Office Heater|Office Heater and Desk Lamp)\.$/);
  });

  it("turns off all the lights of a floor in German", async () => {
    const result = await say("Schalte alle Lampen im Obergeschoss aus", "de");
    expect(calls()).toEqual(["light.turn_off light.bedroom_light", "light.turn_off light.desk_lamp"]);
    expect(result.speech).toMatch(/^Ausgeschaltet: /);
  });

  it("'turn on all the lights' means every exposed light in the home", async () => {
    await say("turn on all the lights");
    expect(calls()).toEqual([
      "light.turn_on light.bedroom_light",
      "light.turn_on light.counter_lights",
      "light.turn_on light.desk_lamp",
      "light.turn_on light.kitchen_ceiling",
      "light.turn_on light.living_room_lamp",
    ]);
  });

  it("'the lights' alone means the speaker's area", async () => {
    await say("turn off the lights", "en", { deviceId: "office_satellite" });
    expect(calls()).toEqual(["light.turn_off light.desk_lamp"]);
  });

  it("uses aliases in every language, and the area a satellite stands in", async () => {
    await say("Mach das Deckenlicht an", "de");
    expect(calls()).toEqual(["light.turn_on light.kitchen_ceiling"]);
  });

  it("forgives a typo of one or two letters when one device is that close", async () => {
    await say("turn on the kettel");
    await say("turn on the bedrom ligth");
    expect(calls()).toEqual(["light.turn_on light.bedroom_light", "switch.turn_on switch.kettle"]);
  });

  it("does not guess when a typo is close to nothing, or too far", async () => {
    const result = await say("turn on the bathroom heater");
    expect(calls()).toEqual([]);
    expect(result.response_type).toBe("error");
  });

  it("asks which room when a kind is said with no place and no satellite, naming every room that has one", async () => {
    const result = await makeAgent({ haAgent: false }).handle({ text: "turn on the lamp", language: "en" });
    expect(calls()).toEqual([]);
    expect(result.speech).toBe("Which room do you mean: Kitchen, Living Room, Bedroom or Office?");
  });

  it("won't act on an entity that is not exposed", async () => {
    const result = await say("turn on the attic light");
    expect(calls()).toEqual([]);
    expect(result.speech).toMatch(/not exposed/);
  });

  it("leaves a sentence with two requests alone instead of doing half of it", async () => {
    const result = await say("turn on the kettle and turn off the bedroom fan");
    expect(calls()).toEqual([]);
    expect(result.response_type).toBe("error");
  });

  it("does one request of two devices named to both", async () => {
    const result = await say("turn on the kettle and the bedroom fan");
    expect(calls()).toEqual(["fan.turn_on fan.bedroom_fan", "switch.turn_on switch.kettle"]);
    expect(result.response_type).toBe("action_done");
  });
});

describe("fast path: what on and off mean per domain", () => {
  it("opens and closes covers, in words and with on/off", async () => {
    await say("Ferme les volets de la chambre", "fr");
    await say("open the bedroom blinds");
    expect(calls()).toEqual([
      "cover.close_cover cover.bedroom_blinds",
      "cover.open_cover cover.bedroom_blinds",
    ]);
  });

  it("asks before opening a garage door, and opens it on yes", async () => {
    const first = await say("open up the garage door", "en", { conversationId: "garage-1" });
    expect(first.speech).toBe("Do you want me to open Garage Door? Please say yes or no.");
    expect(calls()).toEqual([]);
    const second = await say("yes", "en", { conversationId: "garage-1" });
    expect(calls()).toEqual(["cover.open_cover cover.garage_door"]);
    expect(second.speech).toBe("Opened Garage Door.");
  });

  it("locks at once: locking secures the home and needs no question", async () => {
    const result = await say("lock the front door");
    expect(calls()).toEqual(["lock.lock lock.front_door"]);
    expect(result.speech).toBe("Front Door is locked.");
  });

  it("activates a scene", async () => {
    const result = await say("Activa noche de cine", "es");
    expect(calls()).toEqual(["scene.turn_on scene.movie_night"]);
    expect(result.speech).toBe("Movie Night está activado.");
  });

  it("asks before unlocking, and unlocks on yes in the same language", async () => {
    const first = await say("Sperr die Haustür auf", "de", { conversationId: "lock-1" });
    expect(first.speech).toBe("Soll ich Front Door entriegeln? Bitte sag ja oder nein.");
    expect(calls()).toEqual([]);
    const second = await say("Ja", "de", { conversationId: "lock-1" });
    expect(calls()).toEqual(["lock.unlock lock.front_door"]);
    expect(second.speech).toBe("Front Door ist entriegelt.");
    await setState("lock.front_door", "locked");
  });

  it("does nothing when the answer is no", async () => {
    await say("unlock the front door", "en", { conversationId: "lock-2" });
    const second = await say("no", "en", { conversationId: "lock-2" });
    expect(calls()).toEqual([]);
    expect(second.speech).toMatch(/won't/);
  });
});

describe("fast path: brightness", () => {
  it.each([
    ["en", "set the desk lamp to half", 50],
    ["en", "set the desk lamp to 30 percent", 30],
    ["de", "Stell die Schreibtischlampe auf 70 Prozent", 70],
    ["fr", "Mets la lampe de bureau à fond", 100],
    ["es", "Pon la lámpara del escritorio al 40 %", 40],
    ["nl", "Zet de bureaulamp op de helft", 50],
    ["it", "Metti la lampada della scrivania al 20 per cento", 20],
  ])("%s: %j sets %i %%", async (language, text, level) => {
    const result = await say(text, language);
    expect(ha.serviceCalls).toEqual([
      expect.objectContaining({ service: "turn_on", service_data: { brightness_pct: level } }),
    ]);
    expect(result.response_type).toBe("action_done");
  });

  it("says the level the light reported, read the language's way", async () => {
    const result = await say("Stell die Schreibtischlampe auf 33 Prozent", "de");
    // 33 % → brightness 84 → reported back as 33 %.
    expect(result.speech).toBe("Desk Lamp steht jetzt auf 33 Prozent.");
  });

  it("makes an area brighter, then dims 'it' a bit", async () => {
    await setState("light.bedroom_light", "on", { brightness: 128 });
    await say("make the bedroom a bit brighter", "en", { conversationId: "rel" });
    expect(ha.serviceCalls.at(-1)?.service_data).toEqual({ brightness_pct: 75 });
    await say("dim it a bit", "en", { conversationId: "rel" });
    expect(ha.serviceCalls.at(-1)?.service_data).toEqual({ brightness_pct: 50 });
  });
});

describe("fast path: questions", () => {
  it.each([
    ["en", "is the office warm", "The temperature in Office is 21.5 degrees."],
    ["en", "how humid is it in the office", "The humidity in Office is 48 percent."],
    ["de", "Wie warm ist es im Büro?", "Die Temperatur im Bereich Büro beträgt 21,5 Grad."],
    [
      "fr",
      "Quelle est la température dans le bureau ?",
      "La température dans la pièce bureau est de 21,5 degrés.",
    ],
    ["es", "¿Qué temperatura hace en la oficina?", "La temperatura en oficina es de 21,5 grados."],
    ["nl", "Hoe warm is het in het kantoor?", "De temperatuur in kantoor is 21,5 graden."],
    ["it", "Qual è la temperatura nell'ufficio?", "La temperatura in ufficio è di 21,5 gradi."],
  ])("%s: %j → %j", async (language, text, speech) => {
    const result = await say(text, language);
    expect(result.speech).toBe(speech);
    expect(result.response_type).toBe("query_answer");
    expect(calls()).toEqual([]);
  });

  it("a thermostat set to a level is declined as ours to learn, never 'Thermostat can't do that'", async () => {
    const result = await say("set the thermostat to 21");
    expect(result.speech).not.toMatch(/Thermostat can't/);
    expect(result.speech).toMatch(/^I can't do that yet/);
    expect(calls()).toEqual([]);
  });

  it("reads a thermostat's temperature", async () => {
    const result = await say("what's the temperature of the thermostat");
    expect(result.speech).toBe("The temperature of Thermostat is 20.5 degrees.");
  });

  it("answers 'how humid is it' for the speaker's area", async () => {
    const result = await say("how humid is it", "en", { deviceId: "office_satellite" });
    expect(result.speech).toBe("The humidity in Office is 48 percent.");
  });

  it("es: '¿qué humedad hay?' names no place: the speaker's area's", async () => {
    const result = await say("¿Qué humedad hay?", "es", { deviceId: "office_satellite" });
    expect(result.speech).toBe("La humedad en Office es de 48 por ciento.");
  });

  it("answers yes or no about a state", async () => {
    await setState("light.kitchen_ceiling", "off");
    await setState("cover.garage_door", "closed");
    expect((await say("is the ceiling light on")).speech).toBe("No, Ceiling Light is off.");
    expect((await say("Ist das Garagentor geschlossen?", "de")).speech).toBe(
      "Ja, Garage Door ist geschlossen.",
    );
  });

  it("tells the time and date in the home's time zone and the user's language", async () => {
    expect((await say("what time is it now")).speech).toMatch(/^It is \d{1,2}:\d{2}\.$/);
    expect((await say("Den wievielten haben wir heute?", "de")).speech).toMatch(
      /^Heute ist \w+, \d{1,2}\. \w+ \d{4}\.$/,
    );
    expect((await say("Che ore sono?", "it")).speech).toMatch(/^(?:Sono le |È l')\d{1,2}:\d{2}\.$/);
  });

  it("tells the week of the year, as ISO 8601 counts it, in the user's language", async () => {
    const week = (speech: string) => Number(/\d+/.exec(speech)?.[0]);
    const en = (await say("which week of the year is it")).speech;
    expect(en).toMatch(/^It's week \d{1,2}\.$/);
    const de = (await say("Welche Kalenderwoche haben wir?", "de")).speech;
    expect(de).toMatch(/^Wir haben Kalenderwoche \d{1,2}\.$/);
    expect(week(de)).toBe(week(en));
    expect(week(en)).toBeGreaterThanOrEqual(1);
    expect(week(en)).toBeLessThanOrEqual(53);
    expect(ha.serviceCalls).toEqual([]);
  });

  it("says yes or no when asked whether it is the weekend, with today's date", async () => {
    const { speech } = await say("is it the weekend yet");
    // Today is the home's, in its zone: the answer agrees with the weekday it names.
    expect(speech).toMatch(/^(?:Yes|No)\. Today is \w+, \d{1,2} \w+ \d{4}\.$/);
    expect(speech.startsWith("Yes.")).toBe(/Today is (?:Saturday|Sunday),/.test(speech));
  });
});

describe("fast path: volume", () => {
  it("sets the volume of the one speaker in the home", async () => {
    const result = await say("set the volume to 35 percent");
    expect(ha.serviceCalls).toEqual([
      expect.objectContaining({ service: "volume_set", service_data: { volume_level: 0.35 } }),
    ]);
    expect(result.speech).toBe("The volume of Living Room Speaker is 35 percent now.");
  });
});

describe("Home Assistant's own agent as the second local path", () => {
  it("handles what our grammar doesn't, in the user's language, with HA's own words", async () => {
    const result = await say("tänd kettle", "sv");
    expect(ha.conversations).toEqual([
      { text: "tänd kettle", language: "sv", agent_id: "conversation.home_assistant" },
    ]);
    expect(calls()).toEqual(["switch.turn_on switch.kettle"]);
    expect(result.speech).toBe("Slog på Kettle");
    expect(result.response_type).toBe("action_done");
  });

  it("passes on a query_answer as HA gave it", async () => {
    const result = await say("what is kettle");
    expect(result.response_type).toBe("query_answer");
    expect(result.speech).toMatch(/^Kettle is (on|off)$/);
  });

  it("keeps our own reply when HA knows no such device either (no_valid_targets)", async () => {
    const result = await say("turn on the toaster");
    expect(ha.conversations).toEqual([
      { text: "turn on the toaster", language: "en", agent_id: "conversation.home_assistant" },
    ]);
    expect(result.speech).toBe("I couldn't find a device called toaster.");
    expect(result.response_type).toBe("error");
  });

  it("keeps our own reply when HA doesn't understand either", async () => {
    const result = await say("tell me a joke");
    expect(ha.conversations).toHaveLength(1);
    expect(result.response_type).toBe("error");
    expect(result.speech).toMatch(/^I can't do that yet/);
  });

  it("speaks HA's error for a language we have no grammar for", async () => {
    const result = await say("berätta ett skämt", "sv");
    expect(result.speech).toBe("Sorry, I couldn't understand that");
    expect(result.response_type).toBe("error");
  });

  it("is not asked when the option is off", async () => {
    const own = makeAgent({ haAgent: false });
    const result = await own.handle({ text: "tänd kettle", language: "sv" });
    expect(ha.conversations).toEqual([]);
    expect(calls()).toEqual([]);
    expect(result.response_type).toBe("error");
  });

  it("is not asked for what the fast path handled", async () => {
    await say("turn off the kettle");
    expect(ha.conversations).toEqual([]);
  });
});

describe("Home Assistant's agent before the LLM", () => {
  it("asks HA first and the LLM only when HA could not help", async () => {
    const llm = await startFakeLlm({ script: () => "Why did the kettle whistle? It was steamed." });
    try {
      const withLlm = await agentWithModel(mirror, llm.openaiUrl);

      const handledByHa = await withLlm.handle({ text: "tänd kettle", language: "sv" });
      expect(handledByHa.speech).toBe("Slog på Kettle");
      expect(llm.requests).toHaveLength(0);

      const joke = await withLlm.handle({ text: "tell me a joke", language: "en" });
      expect(ha.conversations.map((c) => c.text)).toEqual(["tänd kettle", "tell me a joke"]);
      expect(llm.requests).toHaveLength(1);
      expect(joke.speech).toBe("Why did the kettle whistle? It was steamed.");
    } finally {
      await llm.close();
    }
  });
});

describe("HA's agent under the action policy", () => {
  it("is asked what it understands, with the satellite, and what it would do is judged first", async () => {
    await say("tell me a joke", "en", { deviceId: "kitchen_satellite" });
    expect(ha.recognitions.at(0)).toEqual({
      sentences: ["tell me a joke"],
      language: "en",
      device_id: "kitchen_satellite",
    });
    // Not understood by HA either: nothing it could do, so it may answer in its own words.
    expect(ha.conversations.map((c) => c.text)).toEqual(["tell me a joke"]);
  });

  it("cannot unlock: a sentence HA recognises as unlocking is never handed to it, in a language we don't speak", async () => {
    const result = await say("lås upp Front Door", "sv", { conversationId: "sv-unlock" });
    expect(ha.recognitions.length).toBeGreaterThan(0);
    expect(ha.conversations).toEqual([]);
    expect(calls()).toEqual([]);
    expect(result.response_type).toBe("error");
    // Nor does a yes in any form unlock what was never held.
    await say("ja", "sv", { conversationId: "sv-unlock" });
    expect(calls()).toEqual([]);
  });

  it("what HA recognised is carried out by us, with the speaker's area it cannot use itself", async () => {
    await setState("fan.bedroom_fan", "off");
    ha.conversations.length = 0;
    // Our grammar can't tell whether "all the fans" from a satellite is its room or the home;
    // HA's own template takes the satellite's room, which `conversation/process` cannot carry.
    const result = await say("switch on all the fans", "en", { deviceId: "bedroom_satellite" });
    expect(calls()).toEqual(["fan.turn_on fan.bedroom_fan"]);
    expect(ha.conversations).toEqual([]);
    expect(result.response_type).toBe("action_done");
    expect(result.speech).toMatch(/Bedroom Fan/);
  });
});

describe("the speaker's area and groups", () => {
  it("'all the lights' from a satellite is the whole home where the language's own sentences say so", async () => {
    // English and German: Home Assistant's sentences switch every light off ("domain_all").
    await say("switch every light off", "en", { deviceId: "kitchen_satellite" });
    expect(calls()).toHaveLength(5);
    ha.serviceCalls.length = 0;
    await say("mach alle Lampen aus", "de", { deviceId: "kitchen_satellite" });
    expect(calls()).toHaveLength(5);
    // Dutch and French: the same words, which their own sentences don't cover, mean the same.
    ha.serviceCalls.length = 0;
    await say("doe alle lampen uit", "nl", { deviceId: "kitchen_satellite" });
    expect(calls()).toHaveLength(5);
    ha.serviceCalls.length = 0;
    await say("éteins toutes les lampes", "fr", { deviceId: "kitchen_satellite" });
    expect(calls()).toHaveLength(5);
    // "On": the room, as HA's German and Spanish sentences take "alle Lichter an"; French, Dutch
    // and Italian alike.
    for (const [text, language] of [
      ["schalt mal alle Lampen an", "de"],
      ["allume toutes les lampes", "fr"],
      ["doe alle lampen aan", "nl"],
      ["accendi tutte le lampade", "it"],
    ] as const) {
      ha.serviceCalls.length = 0;
      await say(text, language, { deviceId: "kitchen_satellite" });
      expect(calls()).toEqual(["light.turn_on light.counter_lights", "light.turn_on light.kitchen_ceiling"]);
    }
    expect(ha.conversations).toEqual([]);
  });

  it("where a language's sentences don't say, 'all the lights' from a satellite is asked, not guessed", async () => {
    // English: HA's sentences switch every light off, and say nothing of "all the lights" on.
    const own = makeAgent({ haAgent: false });
    const english = await own.handle({
      text: "turn on all the lights",
      language: "en",
      deviceId: "kitchen_satellite",
    });
    expect(calls()).toEqual([]);
    expect(english.speech).toBe("Which one do you mean: Kitchen or the whole house?");
  });

  it("'all the lights' said with a place, or with no satellite, is certain", async () => {
    await say("turn on all the lights in this room", "en", { deviceId: "kitchen_satellite" });
    expect(calls()).toEqual(["light.turn_on light.counter_lights", "light.turn_on light.kitchen_ceiling"]);
    ha.serviceCalls.length = 0;
    await say("turn on all the lights in the whole house", "en", { deviceId: "kitchen_satellite" });
    expect(calls()).toHaveLength(5);
    expect(ha.conversations).toEqual([]);
  });

  it("'turn off everything' from a satellite turns off what is switchable in its area", async () => {
    const result = await say("turn off everything", "en", { deviceId: "office_satellite" });
    expect(calls()).toEqual(["light.turn_off light.desk_lamp", "switch.turn_off switch.office_heater"]);
    expect(result.speech).toMatch(/^Turned off /);
  });

  it("'the lights in here' are the satellite's; without a satellite, 'here' is not guessed", async () => {
    await say("turn the lights off in here", "en", { deviceId: "office_satellite" });
    expect(calls()).toEqual(["light.turn_off light.desk_lamp"]);
    ha.serviceCalls.length = 0;
    await say("turn the lights off in here");
    expect(calls()).toEqual([]);
  });

  it("answers a question about a kind about all of them, never 'which one?'", async () => {
    for (const [id, on] of [
      ["light.kitchen_ceiling", false],
      ["light.counter_lights", false],
      ["light.living_room_lamp", true],
      ["light.bedroom_light", false],
      ["light.desk_lamp", true],
    ] as const) {
      await setState(id, on ? "on" : "off");
    }
    const any = await say("is any light on");
    expect(any.speech).toBe("Yes, Living Room Lamp and Desk Lamp.");
    const all = await say("are all lights off");
    expect(all.speech).toBe("No, not off: Living Room Lamp and Desk Lamp.");
    const count = await say("how many lights are switched on");
    expect(count.speech).toBe("2 of them are on.");
    // One is said in the singular, in each language.
    await setState("light.desk_lamp", "off");
    expect((await say("how many lights are switched on")).speech).toBe("One of them is on.");
    expect((await say("combien de lampes sont allumées en ce moment", "fr")).speech).toBe(
      "Un seul est allumé.",
    );
    expect((await say("¿cuántas lámparas están encendidas ahora?", "es")).speech).toBe("Uno está encendido.");
    // None is said as such, never "0 of them".
    await setState("light.living_room_lamp", "off");
    expect((await say("how many lights are switched on")).speech).toBe("None is on.");
    expect((await say("wie viele Lampen sind gerade an", "de")).speech).toBe("Keins ist an.");
    expect(calls()).toEqual([]);
  });

  it("a question that names no state ('on or off', 'the status of') is answered with each one's state", async () => {
    await setState("light.kitchen_ceiling", "on");
    await setState("light.counter_lights", "off");
    expect((await say("is the counter lights on or off")).speech).toBe("Counter Lights is off.");
    expect((await say("what's the status of the kitchen lights")).speech).toBe(
      "Ceiling Light is on. Counter Lights is off.",
    );
    expect((await say("what state is the desk lamp in")).speech).toMatch(/^Desk Lamp is (on|off)\.$/);
    expect((await say("¿cuál es el estado de la lámpara del escritorio?", "es")).speech).toMatch(
      /^Desk Lamp está (encendido|apagado)\.$/,
    );
    expect(calls()).toEqual([]);
  });

  it("'is everything off' asks about every device of the room, never 'yes' for the one that is", async () => {
    await setState("light.kitchen_ceiling", "on");
    await setState("light.counter_lights", "off");
    await setState("switch.kettle", "off");
    const kitchen = { deviceId: "kitchen_satellite" };
    expect((await say("is everything off", "en", kitchen)).speech).toBe("No, not off: Ceiling Light.");
    expect((await say("is everything in the kitchen switched off")).speech).toBe(
      "No, not off: Ceiling Light.",
    );
    expect((await say("ist alles aus", "de", kitchen)).speech).toBe("Nein, nicht aus: Ceiling Light.");
    expect((await say("¿está todo apagado?", "es", kitchen)).speech).toBe(
      "No, no todo está apagado: Ceiling Light.",
    );
    expect((await say("è tutto spento?", "it", kitchen)).speech).toBe(
      "No, non tutto è spento: Ceiling Light.",
    );
    await setState("light.kitchen_ceiling", "off");
    expect((await say("is everything off", "en", kitchen)).speech).toBe("Yes, all are off.");
    // Said of several, the state agrees in number where the language's adjective does.
    expect((await say("¿está todo apagado?", "es", kitchen)).speech).toBe("Sí, todos están apagados.");
    expect((await say("è tutto spento?", "it", kitchen)).speech).toBe("Sì, sono tutti spenti.");
    expect((await say("est-ce que tout est éteint", "fr", kitchen)).speech).toBe("Oui, tous sont éteints.");
    expect(calls()).toEqual([]);
  });

  it("a kind asked of the whole house is asked of every one: never 'yes' for those that are while others are not", async () => {
    for (const [id, on] of [
      ["light.kitchen_ceiling", true],
      ["light.counter_lights", false],
      ["light.living_room_lamp", false],
      ["light.bedroom_light", false],
      ["light.desk_lamp", false],
    ] as const) {
      await setState(id, on ? "on" : "off");
    }
    expect((await say("is the light off in the whole house")).speech).toBe("No, not off: Ceiling Light.");
    expect((await say("are the lights in the whole house switched off")).speech).toBe(
      "No, not off: Ceiling Light.",
    );
    expect((await say("ist das Licht im ganzen Haus aus", "de")).speech).toBe(
      "Nein, nicht aus: Ceiling Light.",
    );
    expect((await say("is het licht in het hele huis uit", "nl")).speech).toBe(
      "Nee, niet uit: Ceiling Light.",
    );
    expect((await say("la lumière est éteinte dans toute la maison ?", "fr")).speech).toMatch(
      /^Non, .*Ceiling Light\.$/,
    );
    await setState("light.kitchen_ceiling", "off");
    expect((await say("is the light off in the whole house")).speech).toBe("Yes, all are off.");
    expect(calls()).toEqual([]);
  });

  it("'are all the doors closed' counts an open garage door; 'are the doors locked' asks of the locks", async () => {
    await setState("cover.garage_door", "open", { device_class: "garage" });
    await setState("lock.front_door", "locked");
    const kitchen = { deviceId: "kitchen_satellite" };
    expect((await say("are all the doors closed", "en", kitchen)).speech).toBe(
      "No, not closed: Garage Door.",
    );
    expect((await say("is any door open", "en", kitchen)).speech).toBe("Yes, Garage Door.");
    // Asked of a kind in several rooms, each is answered: no "which room?" for a question.
    expect((await say("are the doors closed", "en", kitchen)).speech).toBe(
      "Closed: Front Door. Not closed: Garage Door.",
    );
    expect((await say("sind alle Türen zu", "de", kitchen)).speech).toBe(
      "Nein, nicht geschlossen: Garage Door.",
    );
    // The home's one lock: said of it by name, not as "all are".
    expect((await say("are all of the doors locked", "en", kitchen)).speech).toBe(
      "Yes, Front Door is locked.",
    );
    await setState("cover.garage_door", "closed", { device_class: "garage" });
    expect((await say("are all the doors closed", "en", kitchen)).speech).toBe("Yes, all are closed.");
    expect(calls()).toEqual([]);
  });

  it("a state of Home Assistant's own, not on or off, is said in words of the language", async () => {
    expect((await say("what's the status of the thermostat")).speech).toBe("Thermostat is in heat mode.");
    expect((await say("wie ist der Status vom Thermostat", "de")).speech).toBe(
      "Thermostat ist im Heizbetrieb.",
    );
    expect((await say("quel est l'état de l'enceinte du salon", "fr")).speech).toBe(
      "Living Room Speaker est inactif.",
    );
    // Asked on or off, a radiator that heats is on and a speaker at rest is on: yes or no, not a shrug.
    expect((await say("is the thermostat on")).speech).toBe("Yes, Thermostat is in heat mode.");
    expect((await say("is the thermostat off")).speech).toBe("No, Thermostat is in heat mode.");
    expect((await say("ist der Thermostat aus", "de")).speech).toBe("Nein, Thermostat ist im Heizbetrieb.");
    expect((await say("l'enceinte du salon est-elle allumée ?", "fr")).speech).toBe(
      "Oui, Living Room Speaker est inactif.",
    );
    expect(calls()).toEqual([]);
  });

  it("a plain question about a kind, asked in a room, is about that room's, each said", async () => {
    for (const [id, on] of [
      ["light.kitchen_ceiling", true],
      ["light.counter_lights", false],
      ["light.living_room_lamp", false],
      ["light.desk_lamp", true],
    ] as const) {
      await setState(id, on ? "on" : "off");
    }
    // Never "yes" for the home's lights that are off while this room's are on.
    const kitchen = await say("is the light off", "en", { deviceId: "kitchen_satellite" });
    expect(kitchen.speech).toBe("Off: Counter Lights. Not off: Ceiling Light.");
    const german = await say("ist das Licht an", "de", { deviceId: "kitchen_satellite" });
    expect(german.speech).toBe("An: Ceiling Light. Nicht an: Counter Lights.");
    const office = await say("is the light off", "en", { deviceId: "office_satellite" });
    expect(office.speech).toBe("No, Desk Lamp is on.");
    // Where the room has none of the kind, the home's are asked about.
    const lock = await say("is the door locked", "en", { deviceId: "kitchen_satellite" });
    expect(lock.speech).toMatch(/Front Door is (?:locked|unlocked)\.$/);
    // A kind the home lacks is said to be missing, not "I can't do that yet".
    expect((await say("is the tv on", "en", { deviceId: "kitchen_satellite" })).speech).toBe(
      "I found no tv in the home.",
    );
    expect(calls()).toEqual([]);
  });

  it("'light up' names the lights itself: the speaker's, or the place said, never the heater", async () => {
    await say("light up please", "en", { deviceId: "office_satellite" });
    expect(calls()).toEqual(["light.turn_on light.desk_lamp"]);
    ha.serviceCalls.length = 0;
    await say("light it up in here", "en", { deviceId: "office_satellite" });
    expect(calls()).toEqual(["light.turn_on light.desk_lamp"]);
    ha.serviceCalls.length = 0;
    await say("illuminate the kitchen");
    expect(calls()).toEqual(["light.turn_on light.counter_lights", "light.turn_on light.kitchen_ceiling"]);
  });

  it("'light up' with no satellite asks which room rather than lighting the home", async () => {
    const result = await makeAgent({ haAgent: false }).handle({ text: "light up please", language: "en" });
    expect(calls()).toEqual([]);
    expect(result.speech).toMatch(/^Which room do you mean: .*Kitchen/);
  });

  it("es: 'la pieza', 'la habitación' with no name of their own are the speaker's room", async () => {
    await say("Desconecta las luces de la pieza", "es", { deviceId: "office_satellite" });
    expect(calls()).toEqual(["light.turn_off light.desk_lamp"]);
    ha.serviceCalls.length = 0;
    await say("Cambia el brillo en la habitación al 30 por ciento", "es", { deviceId: "office_satellite" });
    expect(ha.serviceCalls).toEqual([
      expect.objectContaining({
        service: "turn_on",
        service_data: expect.objectContaining({ brightness_pct: 30 }),
      }),
    ]);
    expect(calls()).toEqual(["light.turn_on light.desk_lamp"]);
  });

  it("'brighter' with no device brightens the last command's device", async () => {
    const conversationId = "brighter-1";
    await say("turn on the bedroom light", "en", { conversationId });
    ha.serviceCalls.length = 0;
    await say("brighter", "en", { conversationId });
    expect(calls()).toEqual(["light.turn_on light.bedroom_light"]);
  });

  it("'turn of the kitchen light' is heard as 'off'", async () => {
    await say("turn of the counter lights");
    expect(calls()).toEqual(["light.turn_off light.counter_lights"]);
  });

  it("quotes the user's own words when a name is not found: a kind in a place, the place", async () => {
    const result = await makeAgent({ haAgent: false }).handle({
      text: "Schalte das Licht im Wintergarten ein",
      language: "de",
    });
    expect(result.speech).toBe("Ich kenne keinen Raum und kein Gerät namens Wintergarten.");
    expect(calls()).toEqual([]);
  });

  it("never answers 'no device called' with words the user did not say in that order", async () => {
    // A template takes "Temperatur" from the middle of the sentence: what is left is no name.
    const result = await makeAgent({ haAgent: false }).handle({
      text: "Auf wie viel Grad ist die Temperatur im Wintergarten?",
      language: "de",
    });
    expect(result.speech).not.toMatch(/wie viel grad ist die/i);
    expect(result.speech).toContain("Das kann ich noch nicht");
    expect(calls()).toEqual([]);
  });
});

describe("French, Spanish and Italian by structure", () => {
  it("'this room' said with a room's word is the satellite's room; 'cette chambre', two rooms, is not guessed", async () => {
    await say("Apaga las luces de esta habitación", "es", { deviceId: "office_satellite" });
    expect(calls()).toEqual(["light.turn_off light.desk_lamp"]);
    ha.serviceCalls.length = 0;
    await say("Éteins les lampes de cette chambre", "fr", { deviceId: "office_satellite" });
    expect(calls()).toEqual([]);
  });

  it("a timer or a value to set is no device: 'stopp den Timer in der Küche' is not answered with 'no device called Timer'", async () => {
    for (const text of [
      "stopp den Timer in der Küche",
      "stoppe meinen Küchentimer",
      "Stelle die Flurheizung auf 24 Grad ein",
    ]) {
      const result = await say(text, "de");
      expect(result.speech).not.toMatch(/kein Gerät|keinen Raum/);
    }
    expect(calls()).toEqual([]);
  });

  it("no light wanted is the light off; not wanted off is no command", async () => {
    await say("No necesito las luces de la cocina", "es");
    expect(calls()).toEqual(["light.turn_off light.counter_lights", "light.turn_off light.kitchen_ceiling"]);
    ha.serviceCalls.length = 0;
    await say("No quiero las luces de la cocina apagadas", "es");
    expect(calls()).toEqual([]);
  });

  it("a command in another person or mood is the same command", async () => {
    await say("Spegnetemi le luci della cucina", "it");
    expect(calls()).toEqual(["light.turn_off light.counter_lights", "light.turn_off light.kitchen_ceiling"]);
    ha.serviceCalls.length = 0;
    await say("Il faudrait allumer le salon", "fr");
    expect(calls()).toEqual(["light.turn_on light.living_room_lamp"]);
  });
});

describe("French, Italian and Dutch by structure", () => {
  it("a verb that names its kind acts on that kind only, in the speaker's area or a place", async () => {
    await say("Illumina qui", "it", { deviceId: "office_satellite" });
    // The office heater is a switch in the same room: lighting is not switching everything.
    expect(calls()).toEqual(["light.turn_on light.desk_lamp"]);
    ha.serviceCalls.length = 0;
    await say("Allume le salon", "fr");
    expect(calls()).toEqual(["light.turn_on light.living_room_lamp"]);
  });

  it("without a satellite, a verb with no object is not guessed", async () => {
    await say("Illumina", "it");
    expect(calls()).toEqual([]);
  });

  it("a kind said with no verb is switched on where it is said", async () => {
    await say("Lampade in questa stanza", "it", { deviceId: "kitchen_satellite" });
    expect(calls()).toEqual(["light.turn_on light.counter_lights", "light.turn_on light.kitchen_ceiling"]);
  });

  it("Dutch: a place after the particle, and the particle before the infinitive", async () => {
    await say("Zet de lampen aan in deze ruimte", "nl", { deviceId: "kitchen_satellite" });
    expect(calls()).toEqual(["light.turn_on light.counter_lights", "light.turn_on light.kitchen_ceiling"]);
    ha.serviceCalls.length = 0;
    await say("De rolluiken in de slaapkamer dicht doen", "nl");
    expect(calls()).toEqual(["cover.close_cover cover.bedroom_blinds"]);
    await setState("cover.bedroom_blinds", "open", { device_class: "blind" });
  });

  it("Dutch: unlocking with the verb last still asks first", async () => {
    const first = await say("De voordeur van het slot halen", "nl", { conversationId: "nl-lock-1" });
    expect(first.speech).toBe("Wil je dat ik Front Door van het slot haal? Zeg ja of nee.");
    expect(calls()).toEqual([]);
    await say("ja", "nl", { conversationId: "nl-lock-1" });
    expect(calls()).toEqual(["lock.unlock lock.front_door"]);
    await setState("lock.front_door", "locked");
  });

  it("a kind said with a name says what the named device is", async () => {
    await say("Accendi l'interruttore bollitore", "it");
    expect(calls()).toEqual(["switch.turn_on switch.kettle"]);
    ha.serviceCalls.length = 0;
    await say("Zet de waterkoker schakelaar uit", "nl");
    expect(calls()).toEqual(["switch.turn_off switch.kettle"]);
    ha.serviceCalls.length = 0;
    // The kettle is no light: not acted on.
    await say("Accendi la luce bollitore", "it");
    expect(calls()).toEqual([]);
  });

  it("a scene said with its kind word runs that scene, and 'all the scenes' runs none", async () => {
    await say("Esegui la scena serata cinema", "it");
    expect(calls()).toEqual(["scene.turn_on scene.movie_night"]);
    ha.serviceCalls.length = 0;
    await say("Filmavondscène activeren", "nl");
    expect(calls()).toEqual(["scene.turn_on scene.movie_night"]);
    ha.serviceCalls.length = 0;
    await say("Attiva tutte le scene", "it");
    expect(calls()).toEqual([]);
  });

  it("Dutch: a place and a kind written as one word", async () => {
    await say("Zet de keukenlampen uit", "nl");
    expect(calls()).toEqual(["light.turn_off light.counter_lights", "light.turn_off light.kitchen_ceiling"]);
  });

  it("French: every room of a floor is the floor; its lights when nothing else is named", async () => {
    await say("Allume les lumières dans toutes les pièces du rez-de-chaussée", "fr");
    expect(calls()).toEqual([
      "light.turn_on light.counter_lights",
      "light.turn_on light.kitchen_ceiling",
      "light.turn_on light.living_room_lamp",
    ]);
    ha.serviceCalls.length = 0;
    await say("Éteins toutes les pièces du rez-de-chaussée", "fr");
    expect(calls()).toEqual([
      "light.turn_off light.counter_lights",
      "light.turn_off light.kitchen_ceiling",
      "light.turn_off light.living_room_lamp",
    ]);
  });

  it("a level for speakers is their volume", async () => {
    await say("Règle les enceintes du salon à 40 %", "fr");
    expect(calls()).toEqual(["media_player.volume_set media_player.living_room_speaker"]);
  });

  it("'here' inside a question is the speaker's area", async () => {
    const result = await say("Wat is hier de temperatuur nu?", "nl", { deviceId: "office_satellite" });
    expect(result.speech).toBe("De temperatuur in Office is 21,5 graden.");
    expect(calls()).toEqual([]);
  });
});

describe("bounded work", () => {
  it("refuses a text far longer than any spoken sentence, in the request's language, and acts on nothing", async () => {
    const long = `turn on the ${"kitchen light and the ".repeat(3000)}kettle`;
    const en = await say(long);
    expect(en.speech).toBe("That is too long for me. Please say it in fewer words.");
    const de = await say(long, "de");
    expect(de.speech).toBe("Das ist mir zu lang. Bitte sag es mit weniger Worten.");
    expect(calls()).toEqual([]);
    expect(ha.conversations).toEqual([]);
  });
});

describe("languages", () => {
  it("describes the six languages the fast path speaks without an LLM", () => {
    expect(agent.describe().languages.sort()).toEqual(["de", "en", "es", "fr", "it", "nl"]);
  });
});

describe("no action on a name that only names a place", () => {
  it("'turn on the garage' does not open the garage's only device", async () => {
    const result = await say("turn on the garage");
    expect(calls()).toEqual([]);
    expect(result.response_type).toBe("error");
  });
});

describe("fast path: a home with many lights", () => {
  let bigHa: FakeHa;
  let bigMirror: HomeMirror;
  beforeAll(async () => {
    // 72 entities, all exposed: 12 lights over several areas.
    bigHa = await startFakeHa({ home: generateHome({ entities: 72, exposed: 72 }) });
    bigMirror = createHomeMirror({ url: bigHa.url, token: "good-token", logger: captureLogger().logger });
    await waitFor("the first sync", () => !bigMirror.status().stale);
  });
  afterAll(async () => {
    await bigMirror.close();
    await bigHa.close();
  });

  it("switches every light at once without a memory-leak warning in the add-on's log", async () => {
    const bigAgent = localAgent(bigMirror);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on("warning", onWarning);
    try {
      const result = await bigAgent.handle({ text: "turn on all the lights", language: "en" });
      // Node emits its warnings on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
      const lights = bigHa.serviceCalls.filter((c) => c.domain === "light" && c.service === "turn_on");
      expect(lights).toHaveLength(12);
      expect(result.response_type).toBe("action_done");
      expect(warnings.filter((w) => w.startsWith("MaxListenersExceededWarning"))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });
});
