// The matcher on its own: a place said before the name, set-point questions, and sensor words of
// two words, in sentences of our own.
import { describe, expect, it } from "vitest";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { createMatcher } from "../../src/understanding/matcher.js";

const matchers = Object.fromEntries(Object.entries(GRAMMARS).map(([l, g]) => [l, createMatcher(g)]));
const match = (language: string, sentence: string) => matchers[language]!.match(sentence);

describe("a place said before the name", () => {
  it.each([
    ["de", "Entriegle im Flur die Haustür", "unlock", "haustur im flur", false],
    ["de", "Ist im Keller das Fenster offen?", "query_state", "fenster im keller", false],
    ["de", "Mach in der Küche alle Lampen an", "turn_on", "lampen in der kuche", true],
    ["it", "Spegni in cucina tutte le luci", "turn_off", "luci in cucina", true],
    ["fr", "Éteins dans la cuisine toutes les lumières", "turn_off", "lumieres dans la cuisine", true],
  ])("%s: %j is read as the name in that place", (language, sentence, intent, name, all) => {
    const found = match(language, sentence);
    expect(found).toMatchObject({ intent, name });
    expect(found?.all ?? false).toBe(all);
  });

  it("quotes the words in the order the user said them", () => {
    expect(match("de", "Entriegle im Flur die Haustür")?.spokenName).toBe("im Flur die Haustür");
  });

  it("leaves a name that only starts with a place word as it was said", () => {
    expect(match("de", "Schalte im Büro Licht ein")).toMatchObject({ name: "im buro licht" });
  });
});

describe("set-point questions", () => {
  it.each([
    ["de", "Auf welche Temperatur ist das Thermostat eingestellt?", "thermostat"],
    ["de", "Wie warm ist die Heizung im Bad eingestellt", "heizung im bad"],
    ["en", "what is the thermostat set to", "thermostat"],
    ["fr", "à combien est réglé le thermostat", "thermostat"],
    ["es", "a qué temperatura está puesto el termostato", "termostato"],
    ["nl", "op hoeveel graden staat de thermostaat", "thermostaat"],
    ["it", "a che temperatura è impostato il termostato", "termostato"],
  ])("%s: %j asks for the set point, whatever its temperature word", (language, sentence, name) => {
    expect(match(language, sentence)).toMatchObject({
      intent: "query_setpoint",
      name,
      sensor: "target_temperature",
    });
  });

  it.each([
    ["en", "what is the target temperature", undefined],
    ["en", "what's the kitchen target temperature", "kitchen"],
    ["de", "Zieltemperatur im Bad", "im bad"],
  ])("%s: %j reads a sensor word of several words whole", (language, sentence, name) => {
    const found = match(language, sentence);
    expect(found).toMatchObject({ intent: "query_sensor", sensor: "target_temperature" });
    expect(found?.name).toBe(name);
  });

  it("a temperature question is still about what the room measures", () => {
    expect(match("de", "Wie warm ist es im Bad?")).toMatchObject({ sensor: "temperature" });
  });
});
