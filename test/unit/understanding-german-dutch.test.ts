// German and Dutch as people say them: asked politely, wanted rather than ordered, the sound said
// to be too high, words for a connected device, and the short forms of Dutch speech. The reader on
// its own, with a small home's names standing in for the mirror; the sentences are our own.
import { describe, expect, it } from "vitest";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import type { Spotted } from "../../src/understanding/reading/spotting.js";
import { fold } from "../../src/understanding/sentence.js";
import { createUnderstanding } from "../../src/understanding/understand.js";

const PLACES = ["wohnzimmer", "küche", "woonkamer", "keuken"].map(fold);

function lookup(words: string): Spotted | undefined {
  return PLACES.includes(fold(words)) ? { type: "place" } : undefined;
}

const understandings = Object.fromEntries(
  Object.entries(GRAMMARS).map(([l, g]) => [l, createUnderstanding(g)]),
);
const understand = (language: string, sentence: string) =>
  understandings[language]!.understand(sentence, lookup);

describe("asked politely, to 'Sie'", () => {
  it.each([
    ["Könnten Sie das Licht im Wohnzimmer ausschalten?", "turn_off"],
    ["Würden Sie bitte die Musik leiser machen", "volume_down"],
    ["können Sie die Lampen in der Küche anmachen", "turn_on"],
  ])("de: %j", (sentence, intent) => {
    expect(understand("de", sentence)).toMatchObject({ match: { intent }, by: "certain reading" });
  });
});

describe("the sound said to be too high", () => {
  it.each([
    ["de", "die Lautstärke ist zu hoch"],
    ["de", "deine Lautstärke ist viel zu hoch"],
    ["nl", "het volume is te hoog"],
  ])("%s: %j turns it down", (language, sentence) => {
    expect(understand(language, sentence)).toMatchObject({
      match: { intent: "volume_down" },
      by: "certain reading",
    });
  });

  it("de: 'zu gering' is too low", () => {
    expect(understand("de", "die Lautstärke ist zu gering")?.match.intent).toBe("volume_up");
  });
});

describe("light wanted, as it is needed", () => {
  it.each([
    ["de", "ich will Licht im Wohnzimmer"],
    ["de", "ich möchte Licht in der Küche"],
    ["nl", "ik wil licht in de woonkamer"],
  ])("%s: %j switches the lights on", (language, sentence) => {
    expect(understand(language, sentence)).toMatchObject({
      match: { intent: "turn_on", kind: "light" },
      by: "certain reading",
    });
  });
});

describe("muting said in other words", () => {
  it.each([
    ["de", "Lautsprecher mute", "mute"],
    ["de", "schalte das Audio stumm", "mute"],
    ["de", "unmute", "unmute"],
    ["nl", "ontdemp de luidspreker", "unmute"],
    ["nl", "hef het dempen op", "unmute"],
  ])("%s: %j", (language, sentence, intent) => {
    expect(understand(language, sentence)).toMatchObject({ match: { intent }, by: "certain reading" });
  });
});

describe("half, declined", () => {
  it.each([
    ["de", "stell das Licht im Wohnzimmer auf halbe Helligkeit"],
    ["nl", "zet het licht in de woonkamer op halve helderheid"],
  ])("%s: %j is half", (language, sentence) => {
    expect(understand(language, sentence)).toMatchObject({
      match: { intent: "set_level", level: 50 },
      by: "certain reading",
    });
  });
});

describe("the power of a plug, 'an' it", () => {
  it("de: 'den Strom an der Steckdose' is the plug, and 'an' no 'on'", () => {
    expect(understand("de", "schalte den Strom an der Steckdose in der Küche ab")?.match).toMatchObject({
      intent: "turn_off",
      name: "steckdose in der kuche",
    });
  });
});

describe("a device said to be connected is no other device", () => {
  it.each([
    ["de", "schalte die smarte Lampe im Wohnzimmer aus", "turn_off", "lampe im wohnzimmer"],
    ["de", "mach den intelligenten Stecker in der Küche an", "turn_on", "stecker in der kuche"],
    ["de", "schalte die digitale Steckdose in der Küche ein", "turn_on", "steckdose in der kuche"],
    ["nl", "zet de slimme lamp in de woonkamer uit", "turn_off", "lamp in de woonkamer"],
    ["nl", "zet de wifi stekker in de keuken aan", "turn_on", "stekker in de keuken"],
  ])("%s: %j", (language, sentence, intent, name) => {
    expect(understand(language, sentence)).toMatchObject({ match: { intent, name }, by: "certain reading" });
  });
});

describe("Dutch as it is spoken", () => {
  it.each([
    // What can be is asked as what may be.
    ["kan het licht in de woonkamer uit", "turn_off"],
    ["kan de muziek wat zachter", "volume_down"],
    ["de muziek mag wel wat harder", "volume_up"],
    // "'t" and "'m", short for "het" and "hem".
    ["doe 't licht in de woonkamer uit", "turn_off"],
    ["zet 'm wat harder", "volume_up"],
  ])("nl: %j", (sentence, intent) => {
    expect(understand("nl", sentence)).toMatchObject({ match: { intent }, by: "certain reading" });
  });
});

describe("a word is never respelt into a negation", () => {
  it("de: 'im kleinen Zimmer' is a room nobody knows, not 'keinen'", () => {
    expect(understand("de", "schalte die Lampe im kleinen Zimmer aus")?.by).not.toBe("certain reading");
  });
});

describe("darkness and glare, said more strongly", () => {
  it.each([
    ["de", "es ist so dunkel im Wohnzimmer", "brighten"],
    ["de", "hier ist es stockdunkel", "brighten"],
    ["de", "man sieht nix", "brighten"],
    ["de", "das Licht im Wohnzimmer ist zu grell", "dim"],
    ["de", "das Licht blendet", "dim"],
    ["nl", "het is zo donker in de keuken", "brighten"],
    ["nl", "ik zie helemaal niks", "brighten"],
    ["nl", "het licht in de woonkamer verblindt me", "dim"],
  ])("%s: %j", (language, sentence, intent) => {
    expect(understand(language, sentence)).toMatchObject({ match: { intent }, by: "certain reading" });
  });

  it.each([
    ["de", "die Sonne blendet"],
    ["nl", "de zon verblindt me"],
  ])("%s: %j names something else, and changes nothing for certain", (language, sentence) => {
    expect(understand(language, sentence)?.by).not.toBe("certain reading");
  });
});

describe("a sentence begun as speech begins", () => {
  it.each([
    ["de", "also, mach mal die Musik lauter", "volume_up"],
    ["de", "na, mach das Licht im Wohnzimmer aus", "turn_off"],
    ["nl", "nou, doe het licht in de woonkamer maar uit", "turn_off"],
    ["nl", "dus zet de muziek zachter", "volume_down"],
    ["nl", "wil jij het licht in de keuken aandoen", "turn_on"],
    ["nl", "het geluid kan wel wat zachter", "volume_down"],
  ])("%s: %j", (language, sentence, intent) => {
    expect(understand(language, sentence)).toMatchObject({ match: { intent }, by: "certain reading" });
  });
});

describe("the polite imperative, said to 'Sie'", () => {
  it.each([
    ["erhöhen Sie die Lautstärke", "volume_up"],
    ["verringern Sie die Helligkeit im Wohnzimmer", "dim"],
    ["schalten Sie alle Lichter im Wohnzimmer aus", "turn_off"],
    ["schalten Sie die Steckdose in der Küche ab", "turn_off"],
    ["drehen Sie die Musik auf", "volume_up"],
  ])("de: %j", (sentence, intent) => {
    expect(understand("de", sentence)).toMatchObject({ match: { intent } });
    expect(understand("de", sentence)?.match.name ?? "").not.toMatch(/\bsie\b/);
  });
});

describe("a wake word said inside the sentence", () => {
  it.each([
    ["de", "bitte Olly, dimm das Licht im Wohnzimmer", "dim"],
    ["de", "mach die Musik leiser, Alexa, bitte", "volume_down"],
    ["nl", "alsjeblieft olly, doe het licht in de keuken uit", "turn_off"],
  ])("%s: %j is dropped there too", (language, sentence, intent) => {
    expect(understand(language, sentence)).toMatchObject({ match: { intent }, by: "certain reading" });
  });
});

describe("heard badly, and told to be silent", () => {
  it.each([
    ["de", "ich kann dich nur schlecht hören", "volume_up"],
    ["nl", "ik hoor je slecht", "volume_up"],
    ["de", "schweig", "mute"],
    ["de", "halt den Mund", "mute"],
    ["nl", "zwijg", "mute"],
    ["nl", "hou je stil", "mute"],
  ])("%s: %j", (language, sentence, intent) => {
    expect(understand(language, sentence)).toMatchObject({ match: { intent }, by: "certain reading" });
  });
});

describe("not active is off", () => {
  it.each([
    ["de", "die Steckdose in der Küche soll nicht aktiv sein"],
    ["nl", "ik wil dat het stopcontact in de keuken op het moment niet actief is"],
  ])("%s: %j switches it off", (language, sentence) => {
    expect(understand(language, sentence)).toMatchObject({
      match: { intent: "turn_off" },
      by: "certain reading",
    });
  });

  it.each([
    ["de", "die Steckdose in der Küche ist nicht aktiv"],
    ["nl", "het stopcontact in de keuken is niet actief"],
  ])("%s: %j says how it is, and does nothing", (language, sentence) => {
    expect(understand(language, sentence)?.by).not.toBe("certain reading");
  });
});

describe("lights by what they are", () => {
  it.each([
    ["de", "schalte die Strahler im Wohnzimmer aus", "turn_off"],
    ["de", "mach die LEDs in der Küche an", "turn_on"],
    ["nl", "zet de spotjes in de keuken uit", "turn_off"],
    ["nl", "doe de ledlampen in de woonkamer aan", "turn_on"],
  ])("%s: %j is the lights there", (language, sentence, intent) => {
    expect(understand(language, sentence)).toMatchObject({ match: { intent }, by: "certain reading" });
  });
});

describe("lit up, grown, adjusted", () => {
  it.each([
    ["de", "beleuchte das Wohnzimmer", "brighten"],
    ["de", "erleuchte die Küche", "brighten"],
    ["nl", "verlicht de woonkamer", "brighten"],
    ["nl", "het volume moet toenemen", "volume_up"],
    ["de", "die Musik ist zu leise, kannst du sie anpassen", "volume_up"],
    ["nl", "het geluid is laag, kun je het aanpassen", "volume_up"],
  ])("%s: %j", (language, sentence, intent) => {
    expect(understand(language, sentence)).toMatchObject({ match: { intent }, by: "certain reading" });
  });

  it.each([
    ["de", "das Wohnzimmer ist beleuchtet"],
    ["nl", "de woonkamer is verlicht"],
    ["de", "kannst du die Lautstärke anpassen"],
  ])("%s: %j says how it is or asks nothing plain, and does nothing", (language, sentence) => {
    expect(understand(language, sentence)?.by).not.toBe("certain reading");
  });
});
