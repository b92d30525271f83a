// "ich hätte das Licht gern aus": a wish whose softening word follows what is wished, as German
// puts it, is read as said with that word first ("ich hätte gern das Licht aus"), which the
// grammar's fillers take. Matched as written: "ich hatte das Licht gern aus" tells of the past.
import type { FastPathGrammar } from "./grammar-types.js";
import { escape } from "./sentence.js";

/** What is wished, between the wish and its softening word: a few words. */
const WISHED_LONGEST = 5;

/** Words as one regex alternative, as written (not folded, as `alternation` does), longest first. */
const written = (words: string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => escape(w.normalize("NFC")).replace(/ /g, "\\s+"))
    .join("|");

/** The sentence with the softening word of its wish moved next to it (`wishAround`), else as it was. */
export function createWishOrder(grammar: FastPathGrammar): (sentence: string) => string {
  const around = grammar.wishAround;
  if (!around) return (sentence) => sentence;
  const pattern = new RegExp(
    `^(\\s*(?:${written(around.opens)}))((?:\\s+[^\\s]+){1,${WISHED_LONGEST}}?)\\s+(${written(around.closes)})(?=[\\s.,!?]|$)`,
    "iu",
  );
  return (sentence) => sentence.normalize("NFC").replace(pattern, "$1 $3$2");
}
