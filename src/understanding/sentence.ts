// A sentence as the fast path reads it: folded (case, accents and punctuation gone), and without
// the words that carry no meaning for a command: wake words, politeness, "now".
import type { FastPathGrammar } from "./grammar-types.js";
import { withRecentAnswers } from "../shared/recent-answers.js";

/**
 * Names people give voice assistants, said before or after a command when a transcript keeps
 * them: dropped at either end of the sentence, in every language. Words that are also common
 * device names ("computer") are not among them.
 */
export const WAKE_WORDS = [
  "alexa",
  "hey alexa",
  "ok google",
  "okay google",
  // "oké google": "ok" as Dutch and Italian speech-to-text often write it.
  "oke google",
  "hey google",
  "hey siri",
  "siri",
  "dis siri",
  "dis google",
  "dis alexa",
  "oye siri",
  "hola siri",
  "oye olly",
  "ehi olly",
  "salut olly",
  "ehi siri",
  "hé siri",
  "ehi google",
  "hé google",
  "oye google",
  "ehi alexa",
  "olly",
  "hey olly",
  "ok nabu",
  "okay nabu",
  "hey nabu",
  "hey jarvis",
  "hey mycroft",
  "jarvis",
  // The assistant's name misspelt, or greeted in the speaker's language.
  "ollie",
  "hey ollie",
  "ok olly",
  "okay olly",
  "oke olly",
  "hallo olly",
  "hoi olly",
  "ciao olly",
  "hola olly",
  "ok home assistant",
  "okay home assistant",
  "home assistant",
];

/** Text that folding leaves as it is: lower-case ASCII words and apostrophes, single spaces between. */
const FOLDED = /^[a-z0-9']+(?: [a-z0-9']+)*$/;

// One sentence is folded by each of its readings (understand.ts): kept for the next few.
const recentlyFolded = withRecentAnswers(foldAll, 64);

/** Lower case, accents and punctuation gone, apostrophes kept: how sentences and templates compare. */
export function fold(text: string): string {
  // Most of a grammar's words are already folded, and a language's matcher folds each of them
  // several times as it is built on the first sentence: one test instead of seven passes.
  return FOLDED.test(text) ? text : recentlyFolded(text);
}

function foldAll(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\u2019`´]/g, "'")
    .replace(/(\d)\s*%/g, "$1 %")
    .replace(/[^\p{L}\p{N}'%\s]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`);
}

/** Words as one regex alternative, longest first, spaces matching any run of spaces. */
export function alternation(words: Iterable<string>): string {
  return [...new Set([...words].map(fold))]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map((w) => escape(w).replace(/ /g, "\\s+"))
    .join("|");
}

/**
 * Removes whole words (or runs of words) of `words` from a folded sentence. One that ends with an
 * elision ("m'", "essaie d'") is written joined to the word after it ("tu m'éteins la lumière").
 */
export function remover(words: string[]): (text: string) => string {
  const alt = alternation(words);
  if (!alt) return (text) => text;
  const pattern = new RegExp(`(?:^|\\s)(?:${alt})(?=\\s|$|(?<='))`, "g");
  return (text) => text.replace(pattern, " ").replace(/\s+/g, " ").trim();
}

/**
 * Names said only first, as a call ("google, das Licht aus"): dropped at the start alone, and no
 * filler elsewhere, where they may name a device or a search ("frag google").
 */
// "holly": "olly" as speech-to-text may hear it, a name too.
const WAKE_WORDS_FIRST = ["google", "holly"];

const wake = alternation(WAKE_WORDS);
const wakeAtEnds = new RegExp(
  `^(?:${wake}|${alternation(WAKE_WORDS_FIRST)})(?:\\s+|$)|(?:^|\\s+)(?:${wake})$`,
  "g",
);

/** A folded sentence without the wake word it starts or ends with. */
export function withoutWakeWord(folded: string): string {
  return folded.replace(wakeAtEnds, " ").trim();
}

/** A text's words as written: accents kept, in lower case ("Aprì la luce" → "aprì", "la", "luce"). */
export function wordsAsWritten(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{M}]+/u)
    .filter(Boolean);
}

/**
 * A word, folded, with the grammar's letters for one a keyboard lacks put back ("kuechen" →
 * "kuchen": `transliterations`); undefined for a grammar that has none.
 */
export function createTransliteration(grammar: FastPathGrammar): ((word: string) => string) | undefined {
  const pairs = (grammar.transliterations ?? []).map(([as, is]) => [fold(as), fold(is)] as const);
  if (!pairs.length) return undefined;
  return (word) => pairs.reduce((w, [as, is]) => w.split(as).join(is), word);
}

/**
 * The folded sentence without its wake word, fillers and words that say "now". A word for "now"
 * that also names the time ("ora": "spegni ora", "che ora è") stays, for the clock to read.
 */
export function createCleaner(grammar: FastPathGrammar): (folded: string) => string {
  const clock = new Set([...grammar.clock.time, ...grammar.clock.date].map(fold));
  const drop = remover([
    ...grammar.fillers,
    ...(grammar.reasons ?? []),
    ...grammar.now.filter((w) => !clock.has(fold(w))),
  ]);
  return (folded) => drop(withoutWakeWord(folded));
}
