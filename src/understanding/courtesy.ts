// What is said to the assistant rather than asked of the home: thanks ("thanks", "danke schön",
// "merci beaucoup"), and asking what it can do ("what can you do", "was kannst du"). Only a whole
// sentence of such words counts ("ok thanks", "olly, help"): with a command in it ("thanks, now
// turn off the light"), it is the command.
import type { FastPathGrammar } from "./grammar-types.js";
import { fold, remover, withoutWakeWord } from "./sentence.js";

export type Courtesy = "thanks" | "help";

/** Folded, an apostrophe a word apart: "qu'est-ce que" as "qu est ce que", however transcribed. */
const key = (text: string) => fold(text).replace(/'/g, " ").replace(/\s+/g, " ").trim();

export function createCourtesy(grammar: FastPathGrammar): (text: string) => Courtesy | undefined {
  const { thanks, help, acknowledgements } = grammar.courtesy;
  const phrases = new Map<string, Courtesy>([
    ...thanks.map((p) => [key(p), "thanks"] as const),
    ...help.map((p) => [key(p), "help"] as const),
  ]);
  const bare = remover(acknowledgements.map(key));
  return (text) => {
    const said = key(withoutWakeWord(fold(text)));
    return phrases.get(said) ?? phrases.get(bare(said));
  };
}
