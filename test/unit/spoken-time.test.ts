// The time as said in each language: one o'clock is singular where the language says so; and the
// week of the year, as ISO 8601 counts it.
import { describe, expect, it } from "vitest";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { isoWeek, timeSaid } from "../../src/understanding/speech.js";

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

describe("the week of the year", () => {
  it.each([
    ["2026-12-06T12:00:00Z", 49],
    ["2026-12-07T12:00:00Z", 50],
    // The first days of January may be the last week of the year before, and the last of December
    // the first week of the next: the week's Thursday decides.
    ["2021-01-03T12:00:00Z", 53],
    ["2027-01-01T12:00:00Z", 53],
    ["2024-12-30T12:00:00Z", 1],
    ["2025-12-29T12:00:00Z", 1],
  ])("%s is in week %i", (iso, week) => {
    expect(isoWeek(at(iso), "UTC")).toBe(week);
  });

  it("the week is the home's, in its time zone: Sunday night in UTC is already Monday in Berlin", () => {
    expect(isoWeek(at("2026-12-06T23:30:00Z"), "UTC")).toBe(49);
    expect(isoWeek(at("2026-12-06T23:30:00Z"), "Europe/Berlin")).toBe(50);
  });
});
