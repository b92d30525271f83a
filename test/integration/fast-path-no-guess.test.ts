// What the fast path must not do on a guess, in each of the six languages: a level said in words is
// set or nothing is done; a direction that disagrees with the level said moves no light it
// disagrees with; "more light" brightens what is lit; a state said with "is/are" switches nothing;
// a bare "éteins" asks; more of a thing not needed is no "no more" of it; a cover told to lessen,
// with no position, is not moved.
// Every sentence is our own.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import { entityRow, state } from "../support/ha-home.js";
import { startLocalHomeAgent, type LocalHomeAgent } from "../support/local-home-agent.js";
import { waitFor } from "../support/wait-for.js";

let home: LocalHomeAgent;
let agent: ConversationAgent;
let conversation = 0;

beforeAll(async () => {
  const corpus = corpusHome();
  // A lamp whose name starts with a word that also follows "light" ("light reading").
  corpus.entities = [
    ...corpus.entities,
    entityRow("light.reading_lamp", { original_name: "Reading Lamp", area_id: "office", exposed: true }),
  ];
  corpus.states.set(
    "light.reading_lamp",
    state("off", { supported_color_modes: ["brightness"], brightness: null }),
  );
  home = await startLocalHomeAgent(corpus);
  agent = home.agent;
});
afterAll(async () => home?.close());
beforeEach(() => {
  home.ha.serviceCalls.length = 0;
  conversation++;
});

const say = (text: string, language: string, deviceId?: string) =>
  agent.handle({
    text,
    language,
    conversationId: `no-guess-${conversation}`,
    ...(deviceId ? { deviceId } : {}),
  });

/** Light at `percent` % (0: off), as Home Assistant reports it, once the mirror has seen it. */
async function lightAt(entityId: string, percent: number) {
  const brightness = percent ? Math.round((percent / 100) * 255) : null;
  home.ha.setState(entityId, percent ? "on" : "off", { supported_color_modes: ["brightness"], brightness });
  await waitFor(`${entityId} at ${percent}`, () => {
    const view = home.mirror.entity(entityId);
    return view?.state === (percent ? "on" : "off") && (view.attributes.brightness ?? null) === brightness;
  });
}

describe("a level said in words is the level, or nothing is done", () => {
  it.each([
    ["fr", "allume les lampes du salon à un pour cent"],
    ["es", "pon las luces del salón al uno por ciento"],
    ["nl", "doe de lampen in de woonkamer aan op een procent"],
    ["it", "accendi le lampade del soggiorno all'uno per cento"],
    ["de", "mach die Lampen im Wohnzimmer an auf ein Prozent"],
    ["en", "switch the living room lamps on at one percent"],
  ])("%s: %j sets 1 %% or switches nothing", async (language, text) => {
    await lightAt("light.living_room_lamp", 0);
    await say(text, language);
    const calls = home.serviceCalls();
    if (calls.length) expect(calls).toEqual(['light.turn_on light.living_room_lamp {"brightness_pct":1}']);
  });

  it.each([
    ["fr", "allume les lampes du salon à un pour cent"],
    ["es", "pon las luces del salón al uno por ciento"],
    ["nl", "doe de lampen in de woonkamer aan op een procent"],
  ])("%s: %j sets 1 %%", async (language, text) => {
    await lightAt("light.living_room_lamp", 0);
    await say(text, language);
    expect(home.serviceCalls()).toEqual(['light.turn_on light.living_room_lamp {"brightness_pct":1}']);
  });

  it.each([
    // "un" alone after "à": one percent, or the lamps on? Either is a guess.
    ["fr", "mets les lampes du salon à un"],
    ["fr", "mets les lampes du salon à une"],
    ["it", "metti le lampade del soggiorno a uno"],
  ])("%s: %j, a level of 'one' with no unit, switches nothing", async (language, text) => {
    await lightAt("light.living_room_lamp", 0);
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });

  it("fr: 'mets les lampes du salon à un pour cent' sets 1 %", async () => {
    await lightAt("light.living_room_lamp", 0);
    await say("mets les lampes du salon à un pour cent", "fr");
    expect(home.serviceCalls()).toEqual(['light.turn_on light.living_room_lamp {"brightness_pct":1}']);
  });

  it("en: a percent said with no number switches nothing", async () => {
    await lightAt("light.living_room_lamp", 0);
    await say("switch the living room lamps on at a percent", "en");
    expect(home.serviceCalls()).toEqual([]);
  });
});

describe("a direction that disagrees with the level said moves nothing", () => {
  it.each([
    ["de", "dreh die Lampen in der Küche hoch auf fünf", "dreh die Lampen in der Küche hoch auf neunzig"],
    ["nl", "zet de lampen in de keuken omhoog naar vijf", "zet de lampen in de keuken omhoog naar negentig"],
    ["en", "turn the kitchen lamps up to five percent", "turn the kitchen lamps up to ninety percent"],
    [
      "fr",
      "baisse les lampes de la cuisine à quatre-vingt-dix pour cent",
      "baisse les lampes de la cuisine à cinq pour cent",
    ],
    [
      "es",
      "baja las luces de la cocina al noventa por ciento",
      "baja las luces de la cocina al cinco por ciento",
    ],
    [
      "it",
      "abbassa le lampade della cucina al novanta per cento",
      "abbassa le lampade della cucina al cinque per cento",
    ],
  ])("%s: %j at 50 %% switches nothing and says the level; %j sets it", async (language, against, along) => {
    await lightAt("light.kitchen_ceiling", 50);
    await lightAt("light.counter_lights", 0);
    const answer = await say(against, language);
    expect(home.serviceCalls()).toEqual([]);
    expect(answer.speech).toMatch(/Ceiling Light.*50/);
    await say(along, language);
    expect(home.serviceCalls()).toHaveLength(1);
    expect(home.serviceCalls()[0]).toMatch(
      /^light\.turn_on light\.kitchen_ceiling \{"brightness_pct":(90|5)\}$/,
    );
  });
});

describe("a level said with a direction over lights on either side of it", () => {
  it.each([
    ["en", "raise the kitchen lamps to 50 percent", /Counter Lights is at 60 percent\./],
    ["de", "dreh die Lampen in der Küche hoch auf fünfzig Prozent", /Counter Lights steht auf 60 Prozent\./],
    ["it", "alza le lampade della cucina al cinquanta per cento", /Counter Lights è al 60 per cento\./],
  ])(
    "%s: %j moves the one it raises, leaves the one above, and says where that one is",
    async (language, text, left) => {
      await lightAt("light.kitchen_ceiling", 40);
      await lightAt("light.counter_lights", 60);
      const answer = await say(text, language);
      expect(home.serviceCalls()).toEqual(['light.turn_on light.kitchen_ceiling {"brightness_pct":50}']);
      expect(answer.speech).toMatch(left);
    },
  );
});

describe("a volume said with a direction that would move it the other way", () => {
  /** The speaker at `percent` %, as Home Assistant reports it, once the mirror has seen it. */
  async function speakerAt(percent: number) {
    const view = home.mirror.entity("media_player.living_room_speaker")!;
    home.ha.setState("media_player.living_room_speaker", "playing", {
      ...view.attributes,
      volume_level: percent / 100,
    });
    await waitFor(`speaker at ${percent}`, () => {
      const now = home.mirror.entity("media_player.living_room_speaker");
      return now?.attributes.volume_level === percent / 100;
    });
  }

  it.each([
    [
      "en",
      "turn the music up to ten",
      "turn the music up to sixty percent",
      /Living Room Speaker is at 30 percent\./,
    ],
    [
      "de",
      "mach die Musik lauter auf zehn",
      "mach die Musik lauter auf sechzig Prozent",
      /Living Room Speaker steht auf 30 Prozent\./,
    ],
    [
      "fr",
      "monte la musique à dix",
      "monte la musique à soixante pour cent",
      /Living Room Speaker est à 30 pour cent\./,
    ],
    [
      "es",
      "sube la música a diez",
      "sube la música al sesenta por ciento",
      /Living Room Speaker está al 30 por ciento\./,
    ],
    [
      "nl",
      "zet de muziek harder op tien",
      "zet de muziek harder op zestig procent",
      /Living Room Speaker staat op 30 procent\./,
    ],
    [
      "it",
      "alza la musica a dieci",
      "alza la musica al sessanta per cento",
      /Living Room Speaker è al 30 per cento\./,
    ],
  ])(
    "%s: %j leaves a volume of 30 percent as it is and says so; %j raises it",
    async (language, against, along, said) => {
      await speakerAt(30);
      const answer = await say(against, language);
      expect(home.serviceCalls()).toEqual([]);
      expect(answer.speech).toMatch(said);
      await say(along, language);
      expect(home.serviceCalls()).toEqual([
        'media_player.volume_set media_player.living_room_speaker {"volume_level":0.6}',
      ]);
    },
  );

  it.each([
    ["en", "turn the music down to eighty"],
    ["de", "mach die Musik leiser auf achtzig"],
    ["fr", "baisse la musique à quatre-vingts"],
    ["es", "baja la música a ochenta"],
    ["nl", "zet de muziek zachter op tachtig"],
    ["it", "abbassa la musica a ottanta"],
  ])("%s: %j never makes a volume of 30 percent louder", async (language, text) => {
    await speakerAt(30);
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });
});

describe("a colour said of lights with their place is never dropped", () => {
  it.each([
    ["fr", "je voudrais les lampes de la cuisine en vert"],
    ["it", "vorrei le lampade della cucina verdi"],
    ["es", "quiero las luces de la cocina verdes"],
    ["en", "i'd like the kitchen lamps green"],
    ["de", "ich möchte die Lampen in der Küche grün"],
    ["nl", "ik wil de lampen in de keuken groen"],
  ])("%s: %j switches nothing on without the colour", async (language, text) => {
    await lightAt("light.kitchen_ceiling", 0);
    await lightAt("light.counter_lights", 0);
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });
});

describe("more light said with a verb that lights brightens what is lit", () => {
  it.each([
    ["es", "ilumina más luz en la cocina"],
    ["it", "illumina più luce in cucina"],
  ])("%s: %j brightens the lit light and leaves the dark one", async (language, text) => {
    await lightAt("light.kitchen_ceiling", 40);
    await lightAt("light.counter_lights", 0);
    await say(text, language);
    expect(home.serviceCalls()).toEqual(['light.turn_on light.kitchen_ceiling {"brightness_pct":65}']);
  });

  it("it: with every light off, more light switches them on at a step", async () => {
    await lightAt("light.kitchen_ceiling", 0);
    await lightAt("light.counter_lights", 0);
    await say("illumina più luce in cucina", "it");
    expect(home.serviceCalls()).toEqual([
      'light.turn_on light.counter_lights {"brightness_pct":25}',
      'light.turn_on light.kitchen_ceiling {"brightness_pct":25}',
    ]);
  });
});

describe("a state said with 'is' or 'are' is no command", () => {
  it.each([
    ["it", "le lampade della cucina sono tutte spente"],
    ["en", "the kitchen lamps are off"],
    ["de", "die Lampen in der Küche sind aus"],
    ["fr", "les lampes de la cuisine sont éteintes"],
    ["es", "las lámparas de la cocina están apagadas"],
    ["nl", "de lampen in de keuken zijn uit"],
    ["it", "la luce della cucina è spenta"],
    ["fr", "la lampe de la cuisine est éteinte"],
  ])("%s: %j switches nothing", async (language, text) => {
    await lightAt("light.kitchen_ceiling", 50);
    await lightAt("light.counter_lights", 50);
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });

  it.each([
    ["it", "le lampade della cucina devono essere spente"],
    ["fr", "les lampes de la cuisine doivent être éteintes"],
    ["es", "las lámparas de la cocina deben estar apagadas"],
    ["it", "lampade spente in cucina"],
    ["de", "Lampen aus in der Küche"],
    ["it", "voglio le lampade della cucina spente"],
  ])("%s: a wish, %j, still switches them off", async (language, text) => {
    await lightAt("light.kitchen_ceiling", 50);
    await lightAt("light.counter_lights", 50);
    await say(text, language);
    expect(home.serviceCalls()).toEqual([
      "light.turn_off light.counter_lights",
      "light.turn_off light.kitchen_ceiling",
    ]);
  });
});

describe("what was wrong before is told, not asked to change now", () => {
  it.each([
    ["en", "the kitchen lamps were too bright"],
    ["de", "die Lampen in der Küche waren zu hell"],
    ["nl", "de lampen in de keuken waren te fel"],
    ["fr", "les lampes de la cuisine étaient trop intenses"],
    ["es", "las lámparas de la cocina estaban demasiado fuertes"],
    ["it", "le lampade della cucina erano troppo intense"],
  ])("%s: %j changes nothing", async (language, text) => {
    await lightAt("light.kitchen_ceiling", 50);
    await lightAt("light.counter_lights", 50);
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });

  it.each([
    ["en", "the kitchen lamps are too bright"],
    ["it", "le lampade della cucina sono troppo intense"],
  ])("%s: said of now, %j dims them", async (language, text) => {
    await lightAt("light.kitchen_ceiling", 50);
    await lightAt("light.counter_lights", 50);
    await say(text, language);
    expect(home.serviceCalls()).toHaveLength(2);
    expect(home.serviceCalls().every((c) => c.startsWith("light.turn_on"))).toBe(true);
  });
});

describe("what is wrong, asked about with a place, is a question", () => {
  it.each([
    ["es", "¿está demasiado oscuro en la cocina?"],
    ["es", "¿hay demasiada luz en la cocina?"],
    ["it", "c'è troppa luce in cucina?"],
  ])("%s: %j changes nothing", async (language, text) => {
    await lightAt("light.kitchen_ceiling", 50);
    await lightAt("light.counter_lights", 50);
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });

  it("de: asked for by its verb, 'kannst du die Lampen in der Küche heller machen?' brightens them", async () => {
    await lightAt("light.kitchen_ceiling", 50);
    await lightAt("light.counter_lights", 50);
    await say("kannst du die Lampen in der Küche heller machen?", "de");
    expect(home.serviceCalls()).toHaveLength(2);
  });
});

describe("what someone did, told in the perfect, is no command", () => {
  it.each([
    ["de", "Sie haben die Lampen in der Küche ausgeschaltet"],
    ["de", "haben Sie die Lampen in der Küche eingeschaltet"],
    ["de", "sie haben die Lampen in der Küche heller gemacht"],
  ])("%s: %j switches nothing", async (language, text) => {
    await lightAt("light.kitchen_ceiling", 50);
    await lightAt("light.counter_lights", 0);
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });

  it("de: a wish ending in 'haben' still switches them", async () => {
    await lightAt("light.kitchen_ceiling", 0);
    await lightAt("light.counter_lights", 0);
    await say("ich will die Lampen in der Küche an haben", "de");
    expect(home.serviceCalls()).toEqual([
      "light.turn_on light.counter_lights",
      "light.turn_on light.kitchen_ceiling",
    ]);
  });
});

describe("a light allowed to stay as it is is left as it is", () => {
  it.each([
    ["nl", "de lampen in de keuken mogen aan blijven"],
    ["de", "die Lampen in der Küche dürfen an bleiben"],
  ])("%s: %j switches nothing on", async (language, text) => {
    await lightAt("light.kitchen_ceiling", 50);
    await lightAt("light.counter_lights", 0);
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });
});

describe("fr: 'éteins' alone is a bare verb", () => {
  it("in the kitchen, with lights and a kettle, it switches nothing and asks which", async () => {
    await lightAt("light.kitchen_ceiling", 50);
    const asked = await say("éteins", "fr", "kitchen_satellite");
    expect(home.serviceCalls()).toEqual([]);
    expect(asked.speech).toMatch(/Ceiling Light.*Counter Lights.*Kettle/);
  });

  it("said of the kitchen's lamps, it switches them off", async () => {
    await lightAt("light.kitchen_ceiling", 50);
    await lightAt("light.counter_lights", 50);
    await say("éteins les lampes de la cuisine", "fr");
    expect(home.serviceCalls()).toEqual([
      "light.turn_off light.counter_lights",
      "light.turn_off light.kitchen_ceiling",
    ]);
  });
});

describe("a lamp said with 'a' is one of them, never every one", () => {
  it.each([
    ["en", "turn off a lamp in the kitchen"],
    ["de", "mach eine Lampe in der Küche aus"],
    ["fr", "éteins une lampe de la cuisine"],
    ["es", "apaga una lámpara de la cocina"],
    ["nl", "zet een lamp in de keuken uit"],
    ["it", "spegni una lampada della cucina"],
  ])("%s: %j asks which of the kitchen's lights, then switches the one chosen", async (language, text) => {
    await lightAt("light.kitchen_ceiling", 50);
    await lightAt("light.counter_lights", 50);
    const asked = await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
    expect(asked.speech).toMatch(/Ceiling Light.*Counter Lights|Counter Lights.*Ceiling Light/);
    await say("Counter Lights", language);
    expect(home.serviceCalls()).toEqual(["light.turn_off light.counter_lights"]);
  });

  it("with one lamp in the room, that one is switched", async () => {
    await lightAt("light.bedroom_light", 50);
    await say("turn off a lamp in the bedroom", "en");
    expect(home.serviceCalls()).toEqual(["light.turn_off light.bedroom_light"]);
  });
});

describe("light asked for, or a kind of reading", () => {
  it("en: 'i need some light reading' wants a book, and switches no lamp", async () => {
    await lightAt("light.reading_lamp", 0);
    await say("i need some light reading", "en", "office_satellite");
    expect(home.serviceCalls()).toEqual([]);
  });

  it.each([["some light reading"], ["a little light reading please"]])(
    "en: %j, the wish said first, wants a book, and switches no lamp",
    async (text) => {
      await lightAt("light.reading_lamp", 0);
      await say(text, "en", "office_satellite");
      expect(home.serviceCalls()).toEqual([]);
    },
  );

  it("en: 'i need some light' in the office switches its lights on", async () => {
    await lightAt("light.reading_lamp", 0);
    await lightAt("light.desk_lamp", 0);
    await say("i need some light", "en", "office_satellite");
    expect(home.serviceCalls()).toEqual([
      "light.turn_on light.desk_lamp",
      "light.turn_on light.reading_lamp",
    ]);
  });
});

describe("more of a thing not wanted or needed is no 'no more' of it", () => {
  // "no necesito más luz": no more light wanted, or the light no longer needed? Handed on.
  it.each([
    ["es", "no necesito más luz en la cocina"],
    ["es", "no quiero más luces en la cocina, gracias"],
    ["en", "i need no more light in the kitchen"],
    ["en", "we want no more lights in the kitchen"],
    ["de", "brauche ich nicht mehr Licht in der Küche"],
    ["de", "wir brauchen jetzt nicht mehr Licht in der Küche"],
  ])("%s: %j switches nothing off", async (language, text) => {
    await lightAt("light.kitchen_ceiling", 50);
    await lightAt("light.counter_lights", 50);
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });

  it.each([
    ["es", "no quiero más sonido en el salón"],
    ["it", "non voglio più audio in soggiorno"],
  ])("%s: %j mutes nothing", async (language, text) => {
    home.ha.setState("media_player.living_room_speaker", "playing", {
      volume_level: 0.4,
      is_volume_muted: false,
    });
    await waitFor(
      "the speaker playing",
      () => home.mirror.entity("media_player.living_room_speaker")?.state === "playing",
    );
    home.ha.serviceCalls.length = 0;
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });

  it.each([
    ["es", "ya no necesito la luz de la cocina"],
    ["es", "no quiero las luces de la cocina"],
    ["es", "no más luz en la cocina"],
    ["en", "i no longer need the kitchen light"],
    ["de", "ich brauche kein Licht mehr in der Küche"],
    ["de", "das Licht in der Küche brauchen wir jetzt nicht mehr"],
  ])("%s: the light no longer wanted, %j, still switches it off", async (language, text) => {
    await lightAt("light.kitchen_ceiling", 50);
    await lightAt("light.counter_lights", 50);
    await say(text, language);
    expect(home.serviceCalls()).toEqual([
      "light.turn_off light.counter_lights",
      "light.turn_off light.kitchen_ceiling",
    ]);
  });

  it.each([
    "i don't need the kitchen lights off",
    "we do not need the kitchen lights on",
    "i don't need the kitchen lights any brighter",
  ])("en: a way not needed, %j, switches and dims nothing", async (text) => {
    await lightAt("light.kitchen_ceiling", 50);
    await lightAt("light.counter_lights", 50);
    await say(text, "en");
    expect(home.serviceCalls()).toEqual([]);
  });

  it("es: more light needed, 'necesito más luz en la cocina', still brightens what is lit", async () => {
    await lightAt("light.kitchen_ceiling", 40);
    await lightAt("light.counter_lights", 0);
    await say("necesito más luz en la cocina", "es");
    expect(home.serviceCalls()).toEqual([expect.stringMatching(/^light\.turn_on light\.kitchen_ceiling /)]);
  });
});

describe("a cover told to lessen, with no position said, is not moved", () => {
  // Home Assistant says "reduce" or "decrease" of a cover only with a position: without one, less
  // open or less shade is a guess.
  beforeEach(async () => {
    home.ha.setState("cover.bedroom_blinds", "open", { device_class: "blind", current_position: 100 });
    await waitFor("the blinds open", () => {
      const view = home.mirror.entity("cover.bedroom_blinds");
      return view?.state === "open" && view.attributes.current_position === 100;
    });
    home.ha.serviceCalls.length = 0;
  });

  it.each([
    ["fr", "réduis les stores de la chambre"],
    ["fr", "diminue un peu les volets de la chambre"],
    ["en", "decrease the bedroom blinds"],
    ["en", "reduce the blinds in the bedroom a little"],
    ["de", "reduziere die Rollläden im Schlafzimmer"],
    ["de", "verringere den Rollladen im Schlafzimmer um 20 Prozent"],
    ["es", "disminuye las persianas del dormitorio"],
    ["it", "riduci le tapparelle della camera da letto"],
    ["nl", "verminder de rolluiken in de slaapkamer"],
  ])("%s: %j moves no cover", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });

  it.each([
    ["fr", "réduis les stores de la chambre à 30 pour cent"],
    ["en", "decrease the bedroom blinds to 30 percent"],
    ["it", "riduci le tapparelle della camera da letto al 30 per cento"],
  ])("%s: a position said, %j sets it", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual(['cover.set_cover_position cover.bedroom_blinds {"position":30}']);
  });

  it.each([
    ["fr", "baisse les volets de la chambre"],
    ["en", "lower the bedroom blinds"],
    ["de", "senke die Rollläden im Schlafzimmer"],
    ["es", "baja las persianas del dormitorio"],
    ["it", "abbassa le tapparelle della camera da letto"],
    ["nl", "verlaag de rolluiken in de slaapkamer"],
  ])("%s: lowered, %j still closes them", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual(["cover.close_cover cover.bedroom_blinds"]);
  });

  it.each([
    ["en", "close the bedroom blinds a bit"],
    ["fr", "baisse un peu les stores de la chambre"],
  ])("%s: %j still closes them by a step", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual(['cover.set_cover_position cover.bedroom_blinds {"position":75}']);
  });
});

describe("a level said of nothing named is no light's", () => {
  // "set it to maximum" with nothing said before: the volume, the heating or a light? Before, the
  // room's lights went there.
  it.each([
    ["en", "set it to maximum"],
    ["en", "set to 30 percent"],
    ["de", "stell es auf maximum"],
    ["fr", "mets au maximum"],
    ["es", "ponlo al máximo"],
    ["it", "metti al massimo"],
    ["nl", "zet het op maximaal"],
  ])("%s: %j, from the kitchen, sets nothing", async (language, text) => {
    await say(text, language, "kitchen_satellite");
    expect(home.serviceCalls()).toEqual([]);
  });

  it.each([
    ["en", "set the lights to 30 percent"],
    ["it", "metti le luci al 30 per cento"],
  ])("%s: the lights said, %j sets the kitchen's", async (language, text) => {
    await say(text, language, "kitchen_satellite");
    expect(home.serviceCalls()).toEqual([
      'light.turn_on light.counter_lights {"brightness_pct":30}',
      'light.turn_on light.kitchen_ceiling {"brightness_pct":30}',
    ]);
  });

  it("en: after the kitchen ceiling was switched on, 'set it to 30 percent' sets that light", async () => {
    await say("turn on the kitchen ceiling", "en");
    home.ha.serviceCalls.length = 0;
    await say("set it to 30 percent", "en");
    expect(home.serviceCalls()).toEqual(['light.turn_on light.kitchen_ceiling {"brightness_pct":30}']);
  });
});

describe("a slip is read, another word or a past tense is not", () => {
  // "lucht" is air, "spunta" ticks or sprouts: read as "licht", "spenta", they switched lights;
  // "zette", "machte" were read as "zetten", "mache": the past taken for a command.
  it.each([
    ["nl", "zet de lucht in de keuken aan"],
    ["it", "spunta la luce della cucina"],
    ["nl", "zette het licht in de keuken uit"],
    ["de", "machte das Licht in der Küche aus"],
  ])("%s: %j switches nothing", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });

  it.each([
    ["en", "trun off the kitchen lights"],
    ["it", "spegni la lcue della cucina"],
    ["nl", "zet het lcht in de keuken uit"],
    ["de", "schlate das Licht in der Küche aus"],
    ["nl", "zet de lichten in de keuken uit"],
    ["de", "mach das Licht in der Küche aus"],
  ])("%s: %j still switches the kitchen off", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual([
      expect.stringMatching(/^light\.turn_off light\.counter_lights/),
      expect.stringMatching(/^light\.turn_off light\.kitchen_ceiling/),
    ]);
  });
});

describe("a cover told to increase, with no position said, is not moved", () => {
  // As lessened: more open, or more shade? Raised says which way.
  beforeEach(async () => {
    home.ha.setState("cover.bedroom_blinds", "closed", { device_class: "blind", current_position: 0 });
    await waitFor("the blinds closed", () => {
      const view = home.mirror.entity("cover.bedroom_blinds");
      return view?.state === "closed" && view.attributes.current_position === 0;
    });
    home.ha.serviceCalls.length = 0;
  });

  it.each([
    ["en", "increase the bedroom blinds"],
    ["fr", "augmente les stores de la chambre"],
    ["fr", "augmente un peu les volets de la chambre"],
    ["es", "aumenta las persianas del dormitorio"],
    ["de", "erhöhe die Rollläden im Schlafzimmer"],
    ["it", "aumenta le tapparelle della camera da letto"],
    ["nl", "verhoog de rolluiken in de slaapkamer"],
  ])("%s: %j moves no cover", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });

  it.each([
    ["en", "increase the bedroom blinds to 40 percent"],
    ["es", "aumenta las persianas del dormitorio al 40 por ciento"],
  ])("%s: a position said, %j sets it", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual(['cover.set_cover_position cover.bedroom_blinds {"position":40}']);
  });

  it.each([
    ["en", "raise the bedroom blinds"],
    ["fr", "monte les volets de la chambre"],
    ["es", "sube las persianas del dormitorio"],
    ["it", "alza le tapparelle della camera da letto"],
  ])("%s: raised, %j still opens them", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual(["cover.open_cover cover.bedroom_blinds"]);
  });

  it.each([
    ["en", "increase the light in the bedroom"],
    ["fr", "augmente la lumière de la chambre"],
  ])("%s: %j still brightens a light of the room", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual([
      expect.stringMatching(/^light\.turn_on light\.bedroom_\w+ \{"brightness_pct"/),
    ]);
  });
});

describe("what was done, told, is no command", () => {
  // A past said first ("turned", "draaide", "accese"), or written with the accent that makes it
  // one ("aprì", "apagó"): read as the command, it switched the lights it tells of.
  it.each([
    ["en", "turned off the kitchen lights"],
    ["en", "switched off the kitchen light"],
    ["nl", "draaide de lampen in de keuken uit"],
    ["it", "aprì la luce della cucina"],
    ["it", "accese la luce della cucina"],
    ["es", "encendida la luz de la cocina"],
    ["fr", "a éteint les lumières de la cuisine"],
    // A German participle said first tells it as a reply does ("Ausgeschaltet: …").
    ["de", "ausgeschaltet die Lampen in der Küche"],
    ["de", "ausgemacht das Licht in der Küche"],
    ["de", "gedimmt das Licht in der Küche"],
  ])("%s: %j switches nothing", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });

  it.each([
    ["en", "switch off the kitchen lights"],
    ["nl", "draai de lampen in de keuken uit"],
    // Typed without its accents, a word of the grammar is still that word.
    ["it", "spegni la luce della cucina adesso"],
    ["it", "spegni le luci della cucina perche e tardi"],
    ["es", "por favor, apaga ahora las luces de la cocina"],
    ["de", "die Lampen in der Küche ausgeschaltet, bitte"],
    ["de", "mach das Licht in der Küche aus"],
  ])("%s: %j still switches the kitchen off", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual([
      expect.stringMatching(/^light\.turn_off light\.counter_lights/),
      expect.stringMatching(/^light\.turn_off light\.kitchen_ceiling/),
    ]);
  });
});

describe("a word for off that says where from switches nothing", () => {
  // "aus", "uit" before an article and a place that ends the sentence say "from the kitchen".
  it.each([
    ["de", "Licht aus der Küche"],
    ["de", "aus der Küche"],
    ["nl", "licht uit de keuken"],
  ])("%s: %j switches nothing", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });

  it.each([
    ["de", "Licht in der Küche jetzt aus"],
    ["de", "Küche aus"],
    ["de", "mach das Licht aus der Küche aus"],
    ["nl", "het licht in de keuken uit"],
  ])("%s: %j still switches the kitchen off", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual([
      expect.stringMatching(/^light\.turn_off light\.counter_lights/),
      expect.stringMatching(/^light\.turn_off light\.kitchen_ceiling/),
    ]);
  });
});

describe("an hour said in words after 'at' is a time, no level", () => {
  it.each([
    ["en", "dim the kitchen lights at nine"],
    ["en", "turn the speaker down at eleven"],
  ])("%s: %j changes nothing now", async (language, text) => {
    const reply = await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
    expect(reply.speech).toMatch(/later/i);
  });

  it.each([
    ["en", "dim the kitchen lights at nine percent"],
    ["en", "dim the kitchen lights to nine"],
  ])("%s: %j still sets 9 %%", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual([
      'light.turn_on light.counter_lights {"brightness_pct":9}',
      'light.turn_on light.kitchen_ceiling {"brightness_pct":9}',
    ]);
  });
});

describe("a light not needed for something is not switched off", () => {
  // What it is not needed for is said; whether it should be off is not.
  it.each([["en", "we do not want to use the kitchen lights to read"]])(
    "%s: %j switches nothing",
    async (language, text) => {
      await say(text, language);
      expect(home.serviceCalls()).toEqual([]);
    },
  );

  it.each([["en", "i don't want to use the kitchen lights anymore"]])(
    "%s: %j still switches the kitchen off",
    async (language, text) => {
      await say(text, language);
      expect(home.serviceCalls()).toEqual([
        expect.stringMatching(/^light\.turn_off light\.counter_lights/),
        expect.stringMatching(/^light\.turn_off light\.kitchen_ceiling/),
      ]);
    },
  );
});

describe("a temperature asked with 'give me' is the temperature", () => {
  // "donne-moi {name}" asks a device's state; the temperature of a room is no device's name.
  it('fr: "donne-moi la température du salon" answers the thermostat\'s 20.5 degrees, not its mode', async () => {
    const reply = await say("donne-moi la température du salon", "fr");
    expect(home.serviceCalls()).toEqual([]);
    expect(reply.speech).toMatch(/20,5/);
    expect(reply.speech).not.toMatch(/chauffage/);
  });

  it.each([
    ["en", "give me the bedroom temperature"],
    ["nl", "geef me de temperatuur van de slaapkamer"],
    ["it", "dammi la temperatura della camera da letto"],
    ["es", "dame la temperatura del dormitorio"],
  ])("%s: %j answers 19 degrees", async (language, text) => {
    const reply = await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
    expect(reply.speech).toMatch(/\b19\b/);
  });
});

describe("a temperature asked with 'tell me' is the temperature", () => {
  // "dis" is also the one spoken to called ("dis, éteins …"); said with "moi" it asks to be told.
  it.each([
    ["fr", "dis-moi la température de la chambre"],
    ["fr", "dites-moi la température de la chambre"],
    ["fr", "tu peux me dire la température de la chambre"],
    ["fr", "pourriez-vous m'indiquer la température de la chambre"],
    ["es", "dígame la temperatura del dormitorio"],
    ["es", "me puedes decir la temperatura del dormitorio"],
    ["es", "dime cuál es la temperatura del dormitorio"],
    ["it", "mi dici la temperatura della camera da letto"],
    ["it", "puoi dirmi la temperatura della camera da letto"],
    ["it", "mi sa dire la temperatura della camera da letto"],
  ])("%s: %j answers 19 degrees", async (language, text) => {
    const reply = await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
    expect(reply.speech).toMatch(/\b19\b/);
  });

  // No place said: where the speaker is, as "donne-moi la température" answers.
  it.each([
    ["dis-moi la température"],
    ["dis moi la température s'il te plaît"],
    ["la température, s'il te plaît"],
  ])("fr: %j from the office answers the office's 21.5 degrees", async (text) => {
    const reply = await say(text, "fr", "office_satellite");
    expect(home.serviceCalls()).toEqual([]);
    expect(reply.speech).toMatch(/\b21,5\b/);
  });

  // What is asked of is no place of the home: no room's temperature is given for it.
  it.each([
    ["fr", "dis-moi la température idéale pour dormir"],
    ["es", "dime la temperatura ideal para dormir"],
    ["it", "dimmi la temperatura ideale per dormire"],
  ])("%s: %j gives no room's temperature", async (language, text) => {
    const reply = await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
    expect(reply.speech).not.toMatch(/\d/);
  });
});

describe("what happened, told with its article first, is no command", () => {
  it.each([
    ["en", "the volume increased"],
    ["en", "the kitchen lights turned off"],
    ["en", "the volume turned down"],
    ["de", "die Lautstärke erhöht"],
    ["fr", "le volume augmenté"],
    ["nl", "het volume verhoogd"],
    ["it", "il volume alzato"],
  ])("%s: %j changes nothing", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual([]);
  });

  it.each([
    ["en", "volume increased"],
    ["de", "die Lautstärke erhöhen"],
    ["nl", "het volume verhogen"],
  ])("%s: %j still turns the sound up", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual([
      expect.stringMatching(/^media_player\.volume_set media_player\.living_room_speaker/),
    ]);
  });

  it.each([
    ["en", "the kitchen lights off"],
    ["it", "la luce della cucina spenta"],
  ])("%s: %j still switches the kitchen off", async (language, text) => {
    await say(text, language);
    expect(home.serviceCalls()).toEqual([
      expect.stringMatching(/^light\.turn_off light\.counter_lights/),
      expect.stringMatching(/^light\.turn_off light\.kitchen_ceiling/),
    ]);
  });
});
