// A reading the device gave some time ago is said with its age, in each language's own words.
import { describe, expect, it } from "vitest";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { reading, readingWithAge } from "../../src/understanding/speech.js";

const MINUTE = 60_000;

describe("a reading with its age", () => {
  it.each([
    ["en", "1,432.5 watts, 10 minutes ago"],
    ["de", "1.432,5 Watt, vor 10 Minuten"],
    ["fr", "1 432,5 watts, il y a 10 minutes"],
    ["es", "1432,5 vatios, hace 10 minutos"],
    ["nl", "1.432,5 watt, 10 minuten geleden"],
    ["it", "1432,5 watt, 10 minuti fa"],
  ])("%s: ten minutes", (language, expected) => {
    const grammar = GRAMMARS[language]!;
    const said = readingWithAge(grammar, reading(grammar, "1432.5", "W"), 10 * MINUTE + 4000);
    // Intl writes a narrow no-break space in some locales' numbers; a listener hears a space.
    expect(said.replace(/[\u202f\u00a0]/g, " ")).toBe(expected);
  });

  it("says seconds, minutes, hours or days, whichever a person would", () => {
    const en = GRAMMARS.en!;
    expect(readingWithAge(en, "20 degrees", 40_000)).toBe("20 degrees, 40 seconds ago");
    expect(readingWithAge(en, "20 degrees", 3 * MINUTE)).toBe("20 degrees, 3 minutes ago");
    expect(readingWithAge(en, "20 degrees", 5 * 60 * MINUTE)).toBe("20 degrees, 5 hours ago");
    expect(readingWithAge(en, "20 degrees", 3 * 24 * 60 * MINUTE)).toBe("20 degrees, 3 days ago");
  });
});
