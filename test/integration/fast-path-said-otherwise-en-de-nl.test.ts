// Commands said in ways the fast path once missed or misread, in English, German and Dutch, end
// to end: grammar → names → the registry's tools → the fake Home Assistant. Every sentence is our
// own.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationAgent } from "../../src/agent/types.js";
import { corpusHome } from "../support/ha-corpus-home.js";
import type { FakeHa } from "../support/ha-server.js";
import { startLocalHomeAgent, type LocalHomeAgent } from "../support/local-home-agent.js";

let ha: FakeHa;
let agent: ConversationAgent;
let setState: LocalHomeAgent["setState"];
let calls: LocalHomeAgent["serviceCalls"];
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ ha, agent, setState, serviceCalls: calls, close } = await startLocalHomeAgent(corpusHome()));
});
afterAll(async () => close?.());
beforeEach(async () => {
  await setState("light.kitchen_ceiling", "on", { brightness: 128 });
  await setState("light.counter_lights", "off", { brightness: null });
  await setState("light.bedroom_light", "off", { brightness: null });
  await setState("media_player.living_room_speaker", "idle", { volume_level: 0.4, is_volume_muted: false });
  ha.serviceCalls.length = 0;
});

const say = (text: string, language: string, deviceId = "kitchen_satellite") =>
  agent.handle({ text, language, deviceId });

/** `text` said in `language` touches nothing. */
async function touchesNothing(language: string, text: string) {
  await say(text, language);
  expect(calls()).toEqual([]);
}

describe("German and Dutch: a light dimmed 'um zehn' with no unit is dimmed at ten o'clock", () => {
  it.each([
    ["de", "dimme das Licht um zehn"],
    ["de", "mach das Licht bitte um acht dunkler"],
    ["de", "mach die Lampen um neun heller"],
    ["nl", "dim het licht om tien"],
    ["nl", "maak de lampen om negen feller"],
  ])("%s: %j is for later: nothing is touched, and the speaker is told", async (language, text) => {
    const result = await say(text, language);
    expect(calls()).toEqual([]);
    expect(result.speech).not.toBe("");
  });

  it.each([
    ["de", "dimme das Licht um zehn Prozent"],
    ["de", "mach das Licht um 10 Prozent dunkler"],
  ])("%s: %j, with its unit, dims the kitchen's light by ten", async (language, text) => {
    await say(text, language);
    expect(calls()).toEqual([`light.turn_on light.kitchen_ceiling {"brightness_pct":40}`]);
  });
});

describe("English: 'hit the lights' switches on the lights where the speaker is", () => {
  it.each([["hit the lights"], ["could you hit the lights"], ["hit the light please"]])(
    "en: %j, said in the kitchen, switches the kitchen's lights on",
    async (text) => {
      const result = await say(text, "en");
      expect(calls()).toEqual(["light.turn_on light.counter_lights", "light.turn_on light.kitchen_ceiling"]);
      expect(result.response_type).toBe("action_done");
    },
  );

  it("en: 'hit the lights in the bedroom', said in the kitchen, switches the bedroom's light on", async () => {
    await say("hit the lights in the bedroom", "en");
    expect(calls()).toEqual(["light.turn_on light.bedroom_light"]);
  });

  it.each([["hit the road"], ["hit the light switch"], ["who hit the lights"], ["hit the kettle"]])(
    "en: %j says no switching on of a light: nothing is touched",
    (text) => touchesNothing("en", text),
  );
});

describe("English: the big or main light of a room is the one on its ceiling", () => {
  it.each([
    ["switch on the big light", "light.turn_on light.kitchen_ceiling"],
    ["turn off the main light", "light.turn_off light.kitchen_ceiling"],
    ["turn the main lights off please", "light.turn_off light.kitchen_ceiling"],
  ])("en: %j, said in the kitchen, is its ceiling light, not its counter lights", async (text, call) => {
    await setState("light.counter_lights", "on", { brightness: 128 });
    ha.serviceCalls.length = 0;
    await say(text, "en");
    expect(calls()).toEqual([call]);
  });

  it.each([
    ["the big light is on", "kitchen_satellite"],
    ["is the main light on?", "kitchen_satellite"],
    // The bedroom's one light says nothing of hanging from its ceiling.
    ["turn on the big light", "bedroom_satellite"],
    ["turn on the maintenance light", "kitchen_satellite"],
  ])(
    "en: %j (said in %s) says, asks, or names no light that is clearly it: nothing is switched",
    async (text, satellite) => {
      await say(text, "en", satellite);
      expect(calls()).toEqual([]);
    },
  );
});

describe("English: a light named 'Main …' is no ceiling light by that word", () => {
  let main: LocalHomeAgent | undefined;
  beforeAll(async () => {
    const home = corpusHome();
    const counter = home.entities.find((e) => e.entity_id === "light.counter_lights")!;
    counter.original_name = "Main Counter Lights";
    counter.aliases = [];
    const shown = home.states.get("light.counter_lights")!;
    shown.attributes = { ...shown.attributes, friendly_name: "Main Counter Lights" };
    main = await startLocalHomeAgent(home);
  });
  afterAll(async () => main?.close());

  it.each([
    ["turn off the overhead light", "light.kitchen_ceiling"],
    ["turn off the big light", "light.kitchen_ceiling"],
    // Said by its name: the light the home calls so.
    ["turn off the main light", "light.counter_lights"],
  ])("en: %j, said in the kitchen, switches %s off, asking nothing", async (text, id) => {
    await main!.setState("light.kitchen_ceiling", "on", { brightness: 128 });
    await main!.setState("light.counter_lights", "on", { brightness: 128 });
    main!.ha.serviceCalls.length = 0;
    await main!.agent.handle({ text, language: "en", deviceId: "kitchen_satellite" });
    expect(main!.serviceCalls()).toEqual([`light.turn_off ${id}`]);
  });
});

describe("Dutch: 'iets' or 'wat' before louder or quieter is a bit, not something to put on", () => {
  it.each([
    ["zet iets harder", 0.5],
    ["zet wat zachter", 0.3],
    ["zet iets luider graag", 0.5],
  ])("nl: %j sets the speaker's volume by a step", async (text, level) => {
    await say(text, "nl", "office_satellite");
    expect(calls()).toEqual([
      `media_player.volume_set media_player.living_room_speaker {"volume_level":${level}}`,
    ]);
  });

  it.each([["zet iets rustigers op"], ["zet iets harder op"], ["zet wat vrolijks op"]])(
    "nl: %j asks for something to be put on: nothing is touched",
    async (text) => {
      await say(text, "nl", "office_satellite");
      expect(calls()).toEqual([]);
    },
  );
});

describe("German: a room said in the genitive is that room", () => {
  it.each([
    ["gib mir die Temperatur des Schlafzimmers", "19"],
    ["sag mir bitte die Luftfeuchtigkeit des Büros", "48"],
  ])("de: %j answers that room's reading", async (text, value) => {
    const result = await say(text, "de");
    expect(result.speech).toContain(value);
    expect(calls()).toEqual([]);
  });

  it("de: 'schalte das Licht des Schlafzimmers ein' switches the bedroom's light on", async () => {
    await say("schalte das Licht des Schlafzimmers ein", "de");
    expect(calls()).toEqual(["light.turn_on light.bedroom_light"]);
  });

  it.each([
    ["schalte das Licht des Gästezimmers aus"],
    ["die Temperatur des Schlafzimmers war gestern zu hoch"],
  ])("de: %j names no room of the home, or tells: nothing is touched", (text) => touchesNothing("de", text));
});

describe("German and Dutch: reminded of the date alone is told it", () => {
  it.each([
    ["nl", "herinner me aan de datum", /^Het is vandaag \p{L}+ \d{1,2} \p{L}+ \d{4}\.$/u],
    ["nl", "herinner mij even aan de datum van vandaag", /^Het is vandaag \p{L}+ \d{1,2} \p{L}+ \d{4}\.$/u],
    ["de", "erinnere mich bitte an das heutige Datum", /^Heute ist \p{L}+, \d{1,2}\. \p{L}+ \d{4}\.$/u],
  ])("%s: %j says today's date", async (language, text, answer) => {
    const result = await say(text, language);
    expect(result.speech).toMatch(answer);
    expect(calls()).toEqual([]);
  });

  it.each([
    ["nl", "herinner me aan de datum van het feest"],
    ["nl", "herinner me aan de datum van morgen"],
    ["nl", "herinner me aan donderdag"],
    ["de", "erinnere mich an den Zahnarzttermin"],
  ])("%s: %j is a reminder, or of another day: the date of today is not said", async (language, text) => {
    const result = await say(text, language);
    expect(result.speech).not.toMatch(/vandaag \p{L}+ \d{1,2}|Heute ist/u);
  });
});

describe("English, German and Dutch: the volume halved is half of where it is now", () => {
  it.each([
    ["en", "halve the volume"],
    ["en", "volume halved please"],
    ["en", "cut the sound in half"],
    ["de", "halbiere die Lautstärke"],
    ["de", "bitte die Lautstärke halbieren"],
    ["nl", "halveer het geluid"],
    ["nl", "verlaag het volume met de helft"],
  ])("%s: %j sets the speaker at 40 % to 20 %, and says so", async (language, text) => {
    const result = await say(text, language);
    expect(calls()).toEqual([
      `media_player.volume_set media_player.living_room_speaker {"volume_level":0.2}`,
    ]);
    expect(result.speech).toContain("20");
  });

  it("en: 'halve the volume' of a speaker at 30 % sets it to 15 %", async () => {
    await setState("media_player.living_room_speaker", "playing", {
      volume_level: 0.3,
      is_volume_muted: false,
    });
    ha.serviceCalls.length = 0;
    await say("halve the volume", "en");
    expect(calls()).toEqual([
      `media_player.volume_set media_player.living_room_speaker {"volume_level":0.15}`,
    ]);
  });

  it.each([
    ["en", "halve the volume"],
    ["de", "halbiere die Lautstärke"],
    ["nl", "halveer het geluid"],
  ])("%s: %j, of a speaker that reports no volume, changes nothing", async (language, text) => {
    await setState("media_player.living_room_speaker", "off", { volume_level: null });
    ha.serviceCalls.length = 0;
    const result = await say(text, language);
    expect(calls()).toEqual([]);
    expect(result.speech).not.toBe("");
  });

  it.each([
    ["en", "the volume was halved"],
    ["en", "halve the recipe"],
    ["de", "die Lautstärke wurde halbiert"],
    ["nl", "het volume is gehalveerd"],
    ["nl", "halveer het recept"],
  ])("%s: %j tells, or halves no volume: nothing is touched", touchesNothing);
});

describe("German: a wish with 'gern' after what is wished is the wish", () => {
  it.each([
    [
      "ich hätte das Licht in der Küche gern aus",
      ["light.turn_off light.counter_lights", "light.turn_off light.kitchen_ceiling"],
    ],
    ["Ich hätte das Licht im Schlafzimmer gerne an.", ["light.turn_on light.bedroom_light"]],
    [
      "ich möchte die Musik gerne etwas leiser",
      [`media_player.volume_set media_player.living_room_speaker {"volume_level":0.3}`],
    ],
  ])("de: %j does what is wished", async (text, expected) => {
    await say(text, "de");
    expect(calls()).toEqual(expected);
  });

  it.each([
    ["ich hatte das Licht in der Küche gern aus"],
    ["ich hätte das gern"],
    ["ich hätte das Licht gern aus gehabt, aber egal"],
  ])("de: %j tells of the past or wishes nothing named: nothing is touched", (text) =>
    touchesNothing("de", text),
  );
});

describe("English: 'hit the <room> lights' switches that room's lights on, and only lights", () => {
  it.each([
    ["hit the bedroom lights", ["light.turn_on light.bedroom_light"]],
    ["hit the office lamp please", ["light.turn_on light.desk_lamp"]],
    [
      "could you hit the kitchen lights",
      ["light.turn_on light.counter_lights", "light.turn_on light.kitchen_ceiling"],
    ],
  ])("en: %j switches those lights on", async (text, expected) => {
    await say(text, "en");
    expect(calls()).toEqual(expected);
  });

  it.each([
    ["hit the kettle lights"],
    ["hit the heater lights"],
    ["hit the lights in the kettle"],
    ["hit the speaker lights"],
  ])("en: %j names no light: nothing is touched", (text) => touchesNothing("en", text));
});

describe("English: 'flick' the lights on or off, 'nudge' the volume", () => {
  it.each([
    ["flick the bedroom light on", ["light.turn_on light.bedroom_light"]],
    [
      "flick off the kitchen lights",
      ["light.turn_off light.counter_lights", "light.turn_off light.kitchen_ceiling"],
    ],
    [
      "nudge the music up a little",
      [`media_player.volume_set media_player.living_room_speaker {"volume_level":0.5}`],
    ],
    [
      "nudge the volume down",
      [`media_player.volume_set media_player.living_room_speaker {"volume_level":0.3}`],
    ],
  ])("en: %j does as said", async (text, expected) => {
    await say(text, "en");
    expect(calls()).toEqual(expected);
  });

  it.each([["flick the lights"], ["nudge the speaker"]])("en: %j says no way: nothing is touched", (text) =>
    touchesNothing("en", text),
  );
});

describe("English: 'be quieter', said to the assistant, is its own voice, the speaker's volume", () => {
  it.each([
    ["be a little quieter", 0.3],
    ["could you be softer please", 0.3],
    ["be a bit louder", 0.5],
  ])("en: %j steps the volume", async (text, level) => {
    await say(text, "en");
    expect(calls()).toEqual([
      `media_player.volume_set media_player.living_room_speaker {"volume_level":${level}}`,
    ]);
  });

  it.each([["be careful"], ["be brighter"], ["be right back"]])(
    "en: %j asks nothing of the sound: nothing is touched",
    (text) => touchesNothing("en", text),
  );
});

describe("English: a lower or higher level is one step that way", () => {
  it.each([
    [
      "set the living room speaker to a lower level",
      [`media_player.volume_set media_player.living_room_speaker {"volume_level":0.3}`],
    ],
    [
      "put the music at a higher setting",
      [`media_player.volume_set media_player.living_room_speaker {"volume_level":0.5}`],
    ],
    [
      "turn the ceiling light to a lower level",
      [`light.turn_on light.kitchen_ceiling {"brightness_pct":25}`],
    ],
  ])("en: %j steps it", async (text, expected) => {
    await say(text, "en");
    expect(calls()).toEqual(expected);
  });

  it.each([["the speaker is at a lower level"], ["a lower level of detail"]])(
    "en: %j asks nothing: nothing is touched",
    (text) => touchesNothing("en", text),
  );
});

describe("German and Dutch: what is not needed is switched off", () => {
  it.each([
    ["de", "ich brauche das Licht im Schlafzimmer nicht", ["light.turn_off light.bedroom_light"]],
    ["de", "den Wasserkocher brauchen wir nicht", ["switch.turn_off switch.kettle"]],
    ["nl", "ik heb de lamp in de slaapkamer niet nodig", ["light.turn_off light.bedroom_light"]],
    ["nl", "de waterkoker hebben we niet nodig", ["switch.turn_off switch.kettle"]],
  ])("%s: %j switches it off", async (language, text, expected) => {
    await setState("light.bedroom_light", "on", { brightness: 128 });
    await setState("switch.kettle", "on");
    ha.serviceCalls.length = 0;
    await say(text, language);
    expect(calls()).toEqual(expected);
  });

  it.each([
    ["de", "ich brauche das Licht nicht auszuschalten"],
    ["de", "ich brauche die Musik nicht lauter"],
    ["nl", "ik heb het licht niet feller nodig"],
  ])("%s: %j asks for nothing: nothing is touched", touchesNothing);

  it.each([
    ["de", "ich brauche dich nicht", /Welche/],
    ["de", "wir brauchen dich nicht mehr", /Welche/],
    ["nl", "ik heb je niet nodig", /Welke/],
    ["nl", "ik heb je niet meer nodig", /Welke/],
  ])(
    "%s: %j is said of the assistant: no device is asked about or touched",
    async (language, text, which) => {
      const result = await say(text, language);
      expect(result.speech).not.toMatch(which);
      expect(calls()).toEqual([]);
    },
  );
});

describe("German and Dutch: the one spoken to barely heard is its voice, the speaker's volume", () => {
  it.each([
    ["nl", "ik kan je amper horen"],
    ["de", "ich kann dich kaum hören"],
  ])("%s: %j turns the speaker up", async (language, text) => {
    await say(text, language);
    expect(calls()).toEqual([
      `media_player.volume_set media_player.living_room_speaker {"volume_level":0.5}`,
    ]);
  });
});

describe("German: the sound turned off with 'ab' is muted, as with 'aus'", () => {
  it.each([["dreh bitte den Ton ab"], ["stell mal den Ton ab"], ["schalt den Ton ab"]])(
    "de: %j mutes the speaker",
    async (text) => {
      await say(text, "de");
      expect(calls()).toEqual([
        `media_player.volume_mute media_player.living_room_speaker {"is_volume_muted":true}`,
      ]);
    },
  );

  it.each([["der Ton ist ab"], ["dreh den Ton auf"]])("de: %j mutes nothing", async (text) => {
    await say(text, "de");
    expect(calls().filter((c) => c.includes("volume_mute"))).toEqual([]);
  });
});

describe("English, German and Dutch: what is wrong, told after the complaint, leaves the complaint read", () => {
  it.each([
    ["en", "it's much too dark in here i can't find my keys"],
    ["de", "viel zu dunkel hier ich sehe meine Schlüssel nicht"],
    ["nl", "het is hier veel te donker ik zie mijn sleutels niet"],
  ])("%s: %j brightens the kitchen's lights, said in the kitchen", async (language, text) => {
    await say(text, language);
    expect(calls().length).toBeGreaterThan(0);
    for (const call of calls())
      expect(call).toMatch(/^light\.turn_on light\.(kitchen_ceiling|counter_lights) /);
  });

  it.each([
    ["en", "it is way too loud i can hardly hear myself"],
    ["de", "es ist viel zu laut ich kann nicht schlafen"],
    ["nl", "het is veel te luid ik kan niet slapen"],
  ])("%s: %j turns the speaker down", async (language, text) => {
    await say(text, language);
    const [call, ...more] = calls();
    expect(more).toEqual([]);
    const level = Number(/"volume_level":([\d.]+)/.exec(call ?? "")?.[1]);
    expect(call).toMatch(/^media_player\.volume_set media_player\.living_room_speaker /);
    expect(level).toBeLessThan(0.4);
  });

  it.each([
    ["en", "i can't switch off the kitchen light"],
    ["de", "ich kann das Licht in der Küche nicht ausschalten"],
    ["de", "ich sehe das Licht in der Küche"],
    ["nl", "ik kan het licht in de keuken niet uitzetten"],
    ["nl", "het licht is aan ik zie het"],
  ])("%s: %j tells what is so: nothing is touched", touchesNothing);
});

describe("English, German and Dutch: a command announced as 'time to …' is the command", () => {
  it.each([
    ["en", "time to switch the bedroom light on", ["light.turn_on light.bedroom_light"]],
    [
      "en",
      "ok it's time to mute the music",
      [`media_player.volume_mute media_player.living_room_speaker {"is_volume_muted":true}`],
    ],
    ["de", "es wird Zeit das Licht im Schlafzimmer einzuschalten", ["light.turn_on light.bedroom_light"]],
    ["nl", "het is tijd om de lamp in de slaapkamer aan te doen", ["light.turn_on light.bedroom_light"]],
    ["nl", "tijd om het licht in de slaapkamer aan te zetten", ["light.turn_on light.bedroom_light"]],
  ])("%s: %j does it", async (language, text, expected) => {
    await say(text, language);
    expect(calls()).toEqual(expected);
  });

  it.each([
    ["en", "is it time to switch the bedroom light on"],
    ["en", "remind me when it's time to switch the bedroom light on"],
    ["en", "time to get up"],
    ["de", "ist es Zeit das Licht im Schlafzimmer einzuschalten"],
    ["nl", "is het tijd om de lamp in de slaapkamer aan te doen"],
  ])("%s: %j asks or commands nothing here: nothing is touched", touchesNothing);
});

describe("English and German: a volume set with its verb and the number straight after it", () => {
  it.each([
    ["en", "set volume 12", 0.12],
    ["en", "put the volume 25 percent", 0.25],
    ["de", "stell die Lautstärke 15 ein", 0.15],
    ["de", "stelle Lautstärke 35 Prozent ein", 0.35],
  ])("%s: %j sets it", async (language, text, level) => {
    await say(text, language);
    expect(calls()).toEqual([
      `media_player.volume_set media_player.living_room_speaker {"volume_level":${level}}`,
    ]);
  });

  it.each([
    ["en", "set volume"],
    ["en", "set volume alarms for 7"],
    ["de", "Lautstärke einstellen"],
  ])("%s: %j says no level: nothing is touched", touchesNothing);
});

describe("Dutch: lights wished to come on, said with their own verb 'aangaan'", () => {
  it.each([
    ["zorg dat de lampen in de slaapkamer aangaan"],
    ["de lamp in de slaapkamer mag aangaan"],
    ["het licht in de slaapkamer moet aangaan"],
  ])("nl: %j switches the bedroom's light on", async (text) => {
    await say(text, "nl");
    expect(calls()).toEqual(["light.turn_on light.bedroom_light"]);
  });

  it.each([["wanneer gaan de lampen aan"], ["gaat het licht in de slaapkamer aan"]])(
    "nl: %j asks: nothing is touched",
    (text) => touchesNothing("nl", text),
  );
});

describe("English: 'on the <room> lights', said first, switches them on as 'off the …' switches off", () => {
  it.each([
    ["on the bedroom lights", ["light.turn_on light.bedroom_light"]],
    ["please on the office lamp", ["light.turn_on light.desk_lamp"]],
  ])("en: %j switches them on", async (text, expected) => {
    await say(text, "en");
    expect(calls()).toEqual(expected);
  });

  it("en: 'on the first floor, turn the lights off' is where, and they are switched off", async () => {
    await say("on the first floor turn the lights off", "en");
    expect(calls().length).toBeGreaterThan(0);
    for (const call of calls()) expect(call).toMatch(/^light\.turn_off light\.(bedroom_light|desk_lamp)$/);
  });

  it.each([["on the kitchen table"], ["on the bedroom wall there is a lamp"]])(
    "en: %j asks nothing: nothing is touched",
    (text) => touchesNothing("en", text),
  );
});
