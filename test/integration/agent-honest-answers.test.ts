// Answers that say what the home has and what the bridge can do: volume in a home with no speaker,
// and mute for a while (done now; nothing unmutes it later by itself), in the six languages.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import { repliesFor } from "../../src/understanding/spoken-result.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { entityRow, state } from "../support/ha-home.js";
import type { FakeHa } from "../support/ha-server.js";
import { startLocalHomeAgent } from "../support/local-home-agent.js";

let ha: FakeHa;
let quiet: { ha: FakeHa; agent: ConversationAgent; close(): Promise<void> };
let agent: ConversationAgent;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ ha, agent, close } = await startLocalHomeAgent(corpusHome()));
  // The same home without its one speaker.
  const home = corpusHome();
  home.entities = home.entities.filter((e) => !e.entity_id.startsWith("media_player."));
  quiet = await startLocalHomeAgent(home);
});
afterAll(async () => {
  await close?.();
  await quiet?.close();
});
beforeEach(() => {
  ha.serviceCalls.length = 0;
  quiet.ha.serviceCalls.length = 0;
});

describe("volume in a home with no speaker", () => {
  it.each([
    ["en", "turn the volume up a little"],
    ["de", "mach lauter"],
    ["fr", "monte le son"],
    ["es", "sube el volumen un poco"],
    ["nl", "zet het volume hoger"],
    ["it", "alza un po' il volume"],
  ])("%s: %j says there is no speaker", async (language, text) => {
    const result = await quiet.agent.handle({ text, language });
    expect(quiet.ha.serviceCalls).toEqual([]);
    expect(result.speech).toBe(repliesFor(language).noSpeaker);
  });
});

describe("up or down said alone in a home with no speaker", () => {
  it.each([
    ["es", "sube un poco"],
    ["es", "bájale"],
    ["it", "abbassa un po'"],
  ])("%s: %j touches no light: it is handed on", async (language, text) => {
    const result = await quiet.agent.handle({ text, language, deviceId: "kitchen_satellite" });
    expect(quiet.ha.serviceCalls).toEqual([]);
    expect(result.response_type).not.toBe("action_done");
  });
});

describe("mute for a while", () => {
  it.each([
    ["en", "mute for 10 minutes"],
    ["de", "stumm für eine Stunde"],
    ["fr", "coupe le son pendant une heure"],
    ["es", "silencia el altavoz durante una hora"],
    ["nl", "een uur stil"],
    ["it", "metti in muto per un'ora"],
    // Quiet asked for a while is a mute; "until" a time or an event is a while too.
    ["fr", "silence pendant vingt minutes"],
    ["fr", "coupe le son jusqu'à ce que je revienne"],
    ["fr", "mets l'enceinte en sourdine jusqu'à neuf heures du soir"],
    ["es", "silencia el altavoz hasta las nueve"],
    ["es", "silénciate hasta que vuelva a casa"],
    ["es", "silencio hasta mañana"],
    ["it", "silenzia la cassa fino alle dieci di sera"],
    ["it", "fai silenzio finché non torno"],
    ["it", "stai zitto per le prossime tre ore"],
    // A span said with no word before it.
    ["en", "twenty minutes quiet"],
    ["de", "zehn Minuten Ruhe"],
    ["nl", "wees dertig minuten stil"],
    ["en", "mute yourself until five p.m."],
    ["en", "please be silent until I tell you otherwise"],
    ["en", "mute yourself until my show starts"],
    // Where the verb may come last, only the time is taken from the sentence.
    ["de", "Schalte dich bis 17 Uhr stumm"],
    ["de", "lautlos, bis ich etwas anderes sage"],
    ["nl", "blijf stil tot vier uur 's middags"],
    ["nl", "zet op mute totdat mijn wekker afgaat"],
    ["nl", "wees alsjeblieft stil de komende drie uur"],
    ["nl", "ik wil echt dat je stil bent tot morgen"],
  ])("%s: %j mutes the speaker now, and says nothing unmutes it later", async (language, text) => {
    const result = await agent.handle({ text, language });
    expect(
      ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${String(c.service_data.is_volume_muted)}`),
    ).toEqual(["media_player.volume_mute true"]);
    expect(result.response_type).toBe("action_done");
    expect(result.speech.endsWith(repliesFor(language).notUndoneLater)).toBe(true);
  });
});

describe("a level is no while", () => {
  it.each([["it", "alza il volume fino a sessanta"]])(
    "%s: %j sets the volume, and says nothing of later",
    async (language, text) => {
      const result = await agent.handle({ text, language });
      expect(ha.serviceCalls.map((c) => `${c.domain}.${c.service}`)).toEqual(["media_player.volume_set"]);
      expect(result.speech).not.toContain(repliesFor(language).notUndoneLater);
    },
  );

  it("a span with no word before it, said with another command, does nothing now", async () => {
    // "turn off the bedroom light 5 minutes": in five minutes or for five, never now and for good.
    const result = await agent.handle({ text: "turn off the bedroom light 5 minutes", language: "en" });
    expect(ha.serviceCalls).toEqual([]);
    expect(result.speech).toBe(repliesFor("en").notLater);
  });

  it("fr: silence alone mutes nothing (it is a never mind)", async () => {
    await agent.handle({ text: "silence", language: "fr" });
    expect(ha.serviceCalls).toEqual([]);
  });
});

describe("a reading asked of a room with no such sensor", () => {
  it.each([
    ["en", "what's the temperature in the kitchen"],
    ["de", "wie warm ist es in der Küche"],
    ["fr", "quelle est la température dans la cuisine"],
    ["es", "dime la temperatura de la cocina"],
    ["nl", "hoe warm is het in de keuken"],
    ["it", "che temperatura c'è in cucina"],
  ])("%s: %j says where the home measures it", async (language, text) => {
    const result = await agent.handle({ text, language });
    expect(ha.serviceCalls).toEqual([]);
    // The rooms that have a temperature, and no number made up for the kitchen.
    for (const room of ["Office", "Bedroom", "Living Room"]) expect(result.speech).toContain(room);
    expect(result.speech).not.toMatch(/\d/);
  });
});

describe("a room said with the floor it is on", () => {
  it.each([
    ["en", "turn on the light in the bedroom upstairs"],
    ["en", "turn on the upstairs bedroom light"],
    ["de", "schalte das Licht im Schlafzimmer im Obergeschoss ein"],
    ["fr", "allume la lumière de la chambre à l'étage"],
    ["es", "enciende la luz del dormitorio de la planta de arriba"],
    ["nl", "doe het licht in de slaapkamer op de bovenverdieping aan"],
    ["it", "accendi la luce della camera da letto al piano di sopra"],
  ])("%s: %j is that room", async (language, text) => {
    await agent.handle({ text, language });
    expect(ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${String(c.target?.entity_id)}`)).toEqual([
      "light.turn_on light.bedroom_light",
    ]);
  });

  it("a room said with a floor it is not on is no place: nothing is switched", async () => {
    const result = await agent.handle({ text: "turn on the light in the kitchen upstairs", language: "en" });
    expect(ha.serviceCalls).toEqual([]);
    expect(result.speech).not.toMatch(/^Turned/);
  });
});

describe("a room said with its floor's name without the word for floor", () => {
  // The bedroom (upstairs: "piano di sopra", "planta de arriba") with a second light, so that "the
  // light above" is no reading that finds the same one.
  let two: Awaited<ReturnType<typeof startLocalHomeAgent>>;
  beforeAll(async () => {
    const home = corpusHome();
    home.entities = [
      ...home.entities,
      entityRow("light.bedside_lamp", { original_name: "Bedside Lamp", area_id: "bedroom", exposed: true }),
    ];
    home.states.set(
      "light.bedside_lamp",
      state("off", { supported_color_modes: ["brightness"], brightness: null }),
    );
    two = await startLocalHomeAgent(home);
  });
  afterAll(async () => two?.close());
  beforeEach(() => {
    two.ha.serviceCalls.length = 0;
  });

  it.each([
    ["it", "per favore accendi le luci della camera da letto di sopra"],
    ["es", "enciende las luces del dormitorio de arriba"],
  ])("%s: %j switches that room's lights on", async (language, text) => {
    await two.agent.handle({ text, language });
    expect(
      two.ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${String(c.target?.entity_id)}`).sort(),
    ).toEqual(["light.turn_on light.bedroom_light", "light.turn_on light.bedside_lamp"]);
  });

  it.each([
    ["it", "accendi le luci della cucina di sopra"],
    ["es", "enciende las luces de la cocina de arriba"],
    ["en", "turn on the kitchen lights upstairs"],
  ])("%s: %j, the kitchen being downstairs, switches nothing", async (language, text) => {
    await two.agent.handle({ text, language });
    expect(two.ha.serviceCalls).toEqual([]);
  });

  it.each([
    ["en", "turn on the bedroom lights upstairs"],
    ["nl", "zet de slaapkamer lampen op de bovenverdieping aan"],
    ["fr", "allume les lumières de la chambre à l'étage"],
  ])(
    "%s: %j, the floor said after the room's lights, switches that room's lights on",
    async (language, text) => {
      await two.agent.handle({ text, language });
      expect(
        two.ha.serviceCalls.map((c) => `${c.domain}.${c.service} ${String(c.target?.entity_id)}`).sort(),
      ).toEqual(["light.turn_on light.bedroom_light", "light.turn_on light.bedside_lamp"]);
    },
  );

  it("en: 'turn on the bedroom light upstairs' is the light called Bedroom Light, by its name", async () => {
    await two.agent.handle({ text: "turn on the bedroom light upstairs", language: "en" });
    expect(two.ha.serviceCalls.map((c) => String(c.target?.entity_id))).toEqual(["light.bedroom_light"]);
  });
});
