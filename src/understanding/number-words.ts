// Numbers said in words, 0 to 100: the grammar's own words (0–20, the tens, a hundred) and every
// compound its language builds from a ten and a unit ("forty five", "fünfundvierzig",
// "cuarenta y cinco", "quarante-cinq", "vijfenveertig", "quarantacinque").
import type { FastPathGrammar } from "./grammar-types.js";

/** Every number word of the grammar with its value, its own words first (fold them to compare). */
export function numberWords(grammar: FastPathGrammar): Array<[string, number]> {
  const words = new Map<string, number>();
  const add = (word: string, value: number) => {
    if (!words.has(word)) words.set(word, value);
  };
  for (const [word, value] of Object.entries(grammar.numbers)) add(word, value);
  const compounds = grammar.numberCompounds;
  if (!compounds) return [...words];
  const largest = compounds.unitsUpTo ?? 9;
  const entries = Object.entries(grammar.numbers);
  const tens = [
    ...entries.filter(([, v]) => v >= 20 && v < 100 && v % 10 === 0),
    ...Object.entries(compounds.tens ?? {}),
  ];
  const units = [
    ...entries.filter(([, v]) => v >= 1 && v <= largest),
    ...Object.entries(compounds.units ?? {}),
  ];
  for (const pattern of compounds.patterns) {
    for (const [ten, tenValue] of tens) {
      for (const [unit, unitValue] of units) {
        const value = tenValue + unitValue;
        if (value >= 100) continue;
        add(pattern.replace("{tens}", ten).replace("{unit}", unit), value);
      }
    }
  }
  return [...words];
}
