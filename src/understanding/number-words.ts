// Numbers said in words, 0 to 100: the grammar's own words (0–20, the tens, a hundred) and every
// compound its language builds from a ten and a unit ("forty five", "fünfundvierzig",
// "cuarenta y cinco", "quarante-cinq", "vijfenveertig", "quarantacinque").
import type { FastPathGrammar } from "./grammar-types.js";

/** The pieces compounds are made of: the patterns, and the words for tens and units in them. */
export function compoundParts(grammar: FastPathGrammar) {
  const compounds = grammar.numberCompounds;
  const entries = Object.entries(grammar.numbers);
  const largest = compounds?.unitsUpTo ?? 9;
  return {
    patterns: compounds?.patterns ?? [],
    tens: [
      ...entries.filter(([, v]) => v >= 20 && v < 100 && v % 10 === 0),
      ...Object.entries(compounds?.tens ?? {}),
    ],
    units: [...entries.filter(([, v]) => v >= 1 && v <= largest), ...Object.entries(compounds?.units ?? {})],
  };
}

/** Every number word of the grammar with its value, its own words first (fold them to compare). */
export function numberWords(grammar: FastPathGrammar): Array<[string, number]> {
  const words = new Map<string, number>(Object.entries(grammar.numbers));
  const { patterns, tens, units } = compoundParts(grammar);
  for (const pattern of patterns) {
    for (const [ten, tenValue] of tens) {
      for (const [unit, unitValue] of units) {
        const word = pattern.replace("{tens}", ten).replace("{unit}", unit);
        if (tenValue + unitValue < 100 && !words.has(word)) words.set(word, tenValue + unitValue);
      }
    }
  }
  return [...words];
}
