// The time as said in each language: one o'clock is singular where the language says so.
import { describe, expect, it } from "vitest";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { timeSaid } from "../../src/understanding/speech.js";

const at = (iso: string) => new Date(iso);

describe("the time said", () => {
  it.each([
    ["es", "2026-12-04T01:05:00Z", "Es la 1:05."],
    ["es", "2026-12-04T13:05:00Z", "Son las 13:05."],
    ["es", "2026-12-04T02:30:00Z", "Son las 2:30."],
    ["it", "2026-12-04T01:05:00Z", "È l'1:05."],
    ["it", "2026-12-04T13:05:00Z", "Sono le 13:05."],
    ["fr", "2026-12-04T01:05:00Z", "Il est 1:05."],
    ["en", "2026-12-04T01:05:00Z", "It is 1:05."],
  ])("%s at %s: %j", (language, iso, said) => {
    expect(timeSaid(GRAMMARS[language]!, at(iso), "UTC")).toBe(said);
  });

  it("the hour is the home's, in its time zone", () => {
    // 00:05 UTC is 01:05 in Madrid in winter.
    expect(timeSaid(GRAMMARS.es!, at("2026-12-04T00:05:00Z"), "Europe/Madrid")).toBe("Es la 1:05.");
  });
});
