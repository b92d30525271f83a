// "Which one?" and "which room?" the bridge asks, and the answer the user gives in the next
// sentence of the same conversation, in each of the six languages: the answer completes the
// command it asked about, through the tools and the one action policy; any other sentence drops
// the question and is read as itself.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { entityRow, state } from "../support/ha-home.js";
import type { FakeHa } from "../support/ha-server.js";
import { startLocalHomeAgent, type LocalHomeAgent } from "../support/local-home-agent.js";

let ha: FakeHa;
let agent: ConversationAgent;
let close: (() => Promise<void>) | undefined;
let setState: LocalHomeAgent["setState"];
let conversation = 0;

beforeAll(async () => {
  const home = corpusHome();
  // A second "Ceiling Light", in the bedroom, named alike in every language; and a second lock.
  const aliases = ["Deckenlicht", "plafonnier", "luz del techo", "plafondlamp", "plafoniera"];
  home.entities.push(
    entityRow("light.bedroom_ceiling", {
      original_name: "Ceiling Light",
      area_id: "bedroom",
      aliases,
      exposed: true,
    }),
    entityRow("lock.side_door", {
      original_name: "Side Door",
      area_id: "garage",
      aliases: [],
      exposed: true,
    }),
  );
  home.states.set("light.bedroom_ceiling", state("off", { supported_color_modes: ["brightness"] }));
  home.states.set("lock.side_door", state("locked"));
  // Home Assistant's agent not asked: the question is ours to ask when nobody else understands.
  ({ ha, agent, close, setState } = await startLocalHomeAgent(home));
});
afterAll(async () => close?.());
beforeEach(() => {
  ha.serviceCalls.length = 0;
  conversation++;
});
afterEach(() => {
  vi.useRealTimers();
});

const calls = () =>
  ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${[c.target.entity_id].flat().join(",")}`).sort();

/** One conversation per test, as a satellite keeps its conversation id between sentences. */
const say = (text: string, language: string, deviceId?: string) =>
  agent.handle({
    text,
    language,
    conversationId: `which-one-${conversation}`,
    ...(deviceId ? { deviceId } : {}),
  });

describe("which room: the answer names a room", () => {
  it.each([
    ["en", "switch the lamp on", "in the office"],
    ["de", "Mach die Lampe an", "im Büro"],
    ["fr", "allume la lampe", "celle du bureau"],
    ["es", "enciende la lámpara", "la de la oficina"],
    ["nl", "zet de lamp aan", "die in het kantoor"],
    ["it", "accendi la lampada", "quella in ufficio"],
  ])("%s: %j, then %j, switches the office's lamp only", async (language, command, answer) => {
    const asked = await say(command, language);
    expect(calls()).toEqual([]);
    expect(asked.response_type).toBe("error");
    const done = await say(answer, language);
    expect(calls()).toEqual(["light.turn_on light.desk_lamp"]);
    expect(done.response_type).toBe("action_done");
    expect(done.speech).toMatch(/Desk Lamp/);
  });

  it("two rooms named at once take both", async () => {
    await say("switch the lamp on", "en");
    await say("the office and the kitchen", "en");
    expect(calls()).toEqual([
      "light.turn_on light.counter_lights",
      "light.turn_on light.desk_lamp",
      "light.turn_on light.kitchen_ceiling",
    ]);
  });
});

describe("which one: the answer picks a device", () => {
  it.each([
    [
      "en",
      "turn the ceiling light on",
      "Which one do you mean: Ceiling Light (Bedroom) or Ceiling Light (Kitchen)?",
      "the second",
    ],
    [
      "de",
      "Mach das Deckenlicht an",
      "Welches meinst du: Ceiling Light (Bedroom) oder Ceiling Light (Kitchen)?",
      "das zweite",
    ],
    [
      "fr",
      "allume le plafonnier",
      "Lequel veux-tu dire : Ceiling Light (Bedroom) ou Ceiling Light (Kitchen) ?",
      "le deuxième",
    ],
    [
      "es",
      "enciende la luz del techo",
      "¿Cuál quieres decir: Ceiling Light (Bedroom) o Ceiling Light (Kitchen)?",
      "la segunda",
    ],
    [
      "nl",
      "zet de plafondlamp aan",
      "Welke bedoel je: Ceiling Light (Bedroom) of Ceiling Light (Kitchen)?",
      "de tweede",
    ],
    [
      "it",
      "accendi la plafoniera",
      "Quale intendi: Ceiling Light (Bedroom) o Ceiling Light (Kitchen)?",
      "la seconda",
    ],
  ])("%s: %j asks, and %j switches the kitchen's", async (language, command, question, answer) => {
    expect((await say(command, language)).speech).toBe(question);
    await say(answer, language);
    expect(calls()).toEqual(["light.turn_on light.kitchen_ceiling"]);
  });

  it.each([
    ["en", "both"],
    ["de", "beide"],
    ["fr", "les deux"],
    ["es", "las dos"],
    ["nl", "allebei"],
    ["it", "entrambe"],
  ])("%s: %j switches both", async (language, answer) => {
    const commands: Record<string, string> = {
      en: "turn the ceiling light on",
      de: "Mach das Deckenlicht an",
      fr: "allume le plafonnier",
      es: "enciende la luz del techo",
      nl: "zet de plafondlamp aan",
      it: "accendi la plafoniera",
    };
    await say(commands[language]!, language);
    await say(answer, language);
    expect(calls()).toEqual(["light.turn_on light.bedroom_ceiling", "light.turn_on light.kitchen_ceiling"]);
  });

  it("'the one in the kitchen' picks by room", async () => {
    await say("turn the ceiling light on", "en");
    await say("the one in the kitchen", "en");
    expect(calls()).toEqual(["light.turn_on light.kitchen_ceiling"]);
  });
});

describe("anything else is a new sentence", () => {
  it("an unrelated sentence is answered as itself, and the question is gone after it", async () => {
    await say("turn the ceiling light on", "en");
    const time = await say("tell me the time please", "en");
    expect(time.response_type).toBe("query_answer");
    await say("the second", "en");
    expect(calls()).toEqual([]);
  });

  it("a new command in place of an answer is carried out as said", async () => {
    await say("turn the ceiling light on", "en");
    await say("turn off the kettle", "en");
    expect(calls()).toEqual(["switch.turn_off switch.kettle"]);
  });

  it("an answer in another conversation completes nothing", async () => {
    await say("turn the ceiling light on", "en");
    await agent.handle({ text: "both", language: "en", conversationId: "someone-else" });
    expect(calls()).toEqual([]);
  });

  it("the question expires: an answer two minutes later completes nothing", async () => {
    await say("turn the ceiling light on", "en");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 60 * 1000 + 1000);
    await say("the second", "en");
    expect(calls()).toEqual([]);
  });
});

describe("the completed command goes through the one action policy", () => {
  it("a lock picked by room still waits for a clear yes", async () => {
    const asked = await say("unlock the locks", "en");
    expect(asked.speech).toBe("Which room do you mean: Hallway or Garage?");
    const held = await say("the garage", "en");
    expect(calls()).toEqual([]);
    expect(held.speech).toMatch(/Side Door/);
    await say("yes", "en");
    expect(calls()).toEqual(["lock.unlock lock.side_door"]);
  });
});

describe("a question about a device: which one, then the answer about it", () => {
  // The kitchen's ceiling light on, the bedroom's off: the answer tells which was asked about.
  beforeAll(() => setState("light.kitchen_ceiling", "on", { brightness: 128 }));
  afterAll(() => setState("light.kitchen_ceiling", "off", { brightness: null }));
  it.each([
    ["en", "is the ceiling light on", "the kitchen", "Yes, Ceiling Light is on."],
    ["de", "ist das Deckenlicht an", "das in der Küche", "Ja, Ceiling Light ist an."],
    ["fr", "est-ce que le plafonnier est allumé", "celui de la cuisine", "Oui, Ceiling Light est allumé."],
    ["es", "¿está encendida la luz del techo?", "la de la cocina", "Sí, Ceiling Light está encendido."],
    ["nl", "is de plafondlamp aan", "die in de keuken", "Ja, Ceiling Light is aan."],
    ["it", "la plafoniera è accesa?", "quella in cucina", "Sì, Ceiling Light è acceso."],
  ])(
    "%s: %j asks which one, and %j is answered about the kitchen's",
    async (language, asked, answer, said) => {
      const which = await say(asked, language);
      expect(which.speech).toMatch(/Ceiling Light \(Bedroom\).*Ceiling Light \(Kitchen\)/);
      const told = await say(answer, language);
      expect(told.response_type).toBe("query_answer");
      expect(told.speech).toBe(said);
      expect(calls()).toEqual([]);
    },
  );
});

describe("a bare verb: what to switch is asked, and the answer switches it", () => {
  // The kitchen holds two lights and the kettle: "switch off" alone names none of them.
  it.each([
    ["en", "switch off", "the kettle", "the lights"],
    ["de", "ausschalten", "den Wasserkocher", "die Lichter"],
    ["fr", "coupe", "la bouilloire", "les lumières"],
    ["es", "apaga", "el hervidor", "las luces"],
    ["nl", "uitzetten", "de waterkoker", "de lampen"],
    ["it", "spegni", "il bollitore", "le luci"],
  ])("%s: %j switches nothing and asks; %j then %j each complete it", async (language, verb, one, kind) => {
    const asked = await say(verb, language, "kitchen_satellite");
    expect(calls()).toEqual([]);
    expect(asked.speech).toMatch(/Ceiling Light.*Counter Lights.*Kettle/);
    await say(one, language, "kitchen_satellite");
    expect(calls()).toEqual(["switch.turn_off switch.kettle"]);
    ha.serviceCalls.length = 0;
    await say(verb, language, "kitchen_satellite");
    await say(kind, language, "kitchen_satellite");
    expect(calls()).toEqual(["light.turn_off light.counter_lights", "light.turn_off light.kitchen_ceiling"]);
  });

  it("a sentence that is no answer drops the question: nothing is switched", async () => {
    await say("switch off", "en", "kitchen_satellite");
    await say("could you tell me the time", "en", "kitchen_satellite");
    await say("the kettle", "en", "kitchen_satellite");
    expect(calls()).toEqual([]);
  });
});
