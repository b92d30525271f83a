// Whether a sentence's own words say the whole home: a name for it ("the whole house", "toda la
// casa"), or "all" of a kind that the language's sentences take as the home's (grammar `allMeans`:
// "turn off all the lights" is the home's lights in English, "accendi tutte le luci" the room's in
// Italian). Used where Home Assistant's recognition names no place (ha-recognition.ts): its
// templates for "all the lights in the house" and "the lights" give the same slots.
import type { EntityView } from "../ha/mirror.js";
import type { FastIntent, FastPathGrammar } from "./grammar-types.js";
import { allMeansKey, isOfKind } from "./kinds.js";
import { alternation, fold } from "./sentence.js";

export function createWholeHomeWords(grammar: FastPathGrammar) {
  const words = (list: string[]) => new RegExp(`(?:^|\\s)(?:${alternation(list)})(?=\\s|$)`);
  const home = words(grammar.wholeHome);
  const all = words(grammar.quantifiers);

  /** Whether `text` says the whole home for `intent` on these entities. */
  return function saysWholeHome(text: string, intent: FastIntent, entities: EntityView[]): boolean {
    const folded = fold(text);
    if (home.test(folded)) return true;
    const key = allMeansKey(intent);
    if (!all.test(folded) || !key) return false;
    const kinds = grammar.allMeans?.[key]?.home ?? [];
    return entities.length > 0 && kinds.some((kind) => entities.every((e) => isOfKind(e, kind)));
  };
}
