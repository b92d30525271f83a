// A word written one letter wrong ("trun off the lights", "waht time is it", "schalte das lcht
// aus", "spegni la lcue"), read as the one word of the grammar it can be. Typed requests carry such
// slips; read as unknown, they would be taken for a device's name ("I couldn't find lcht").
// understand.ts takes a respelt sentence only when it is then read for certain, every word known.
import type { FastPathGrammar } from "../grammar-types.js";
import { fold, wordsAsWritten } from "../sentence.js";
import type { Lexicon } from "./lexicon.js";
import { withRecentAnswers } from "../../shared/recent-answers.js";

/** Shorter words are not respelt: at one slip, too many short words are each other. */
const SHORTEST = 4;
/** A word written without its space is cut only into words this long at least ("lights" "on"). */
const SHORTEST_HALF = 2;
/** Prefixes that undo the word they are written before ("unmute", "démute", "dismute", "nonmute"). */
const UNDOING: ReadonlySet<string> = new Set(["un", "de", "des", "dis", "non"]);
/** Nor are words respelt into words this short ("hoet" → "hoe", but never into "an" or "of"). */
const SHORTEST_MEANT = 3;

/** What the grammar says of no sentence: its own replies and the names it gives things. */
const NOT_SAID: ReadonlySet<string> = new Set([
  "replies",
  "locale",
  "language",
  "colorNames",
  "sensorNames",
  "states",
  "units",
  "detectionNames",
]);

/** Every string of a grammar's data that a sentence may hold, its syntax aside ("(dreh|drehe) {name} auf"). */
function* strings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const v of value) yield* strings(v);
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      // A map keyed by words (numbers, levels, tens): its keys are said too.
      if (typeof v === "number") yield key;
      else yield* strings(v);
    }
  }
}

/** Every word a grammar's sentences are made of, folded. */
export function grammarWords(grammar: FastPathGrammar): Set<string> {
  return new Set(writtenWords(grammar).keys());
}

/** A word as written, accents kept, in lower case. */
const asWritten = (word: string) => word.normalize("NFC").toLowerCase();

/** Every word a grammar's sentences are made of, folded, with each way the grammar writes it. */
function writtenWords(grammar: FastPathGrammar): Map<string, Set<string>> {
  const words = new Map<string, Set<string>>();
  for (const [key, value] of Object.entries(grammar)) {
    if (NOT_SAID.has(key)) continue;
    for (const text of strings(value)) {
      // Slots ("{name}") and groups ("<switchOn>") are no words.
      const bare = text.replace(/\{[^}]*\}|<[^>]*>/g, " ");
      for (const word of wordsAsWritten(bare)) {
        const folded = fold(word);
        if (!folded) continue;
        const spellings = words.get(folded);
        if (spellings) spellings.add(word);
        else words.set(folded, new Set([word]));
      }
    }
  }
  return words;
}

/** A word's letters as written, an accented letter one letter. */
const letters = (word: string) => [...word.normalize("NFC")];

/**
 * Whether `written` ends in one of `marked` where the grammar's `spelt` ends in a letter without
 * an accent: another word ("aprì", opened, is no "apri", open; "apagó" no "apaga"). Written without
 * an accent the grammar's word has, with another on the same letter ("perchè"), or with one inside
 * the word, where it is as often put by mistake ("repíte"), it is the grammar's word as typed.
 */
function accentBeyond(written: string, spelt: string, marked: ReadonlySet<string>): boolean {
  const [w, s] = [letters(written).at(-1)!, letters(spelt).at(-1)!];
  return w !== s && fold(s) === s && marked.has(w);
}

/**
 * How a slip made `b` into `a`, when it is one: a letter left out (the commonest slip), two
 * neighbours swapped, one letter for another, or one letter too many; the order is that of `SLIPS`.
 * (`meant` takes no vowel for another: that is as often another word.)
 */
export type Slip = "left out" | "swapped" | "changed" | "added";
const SLIPS: readonly Slip[] = ["left out", "swapped", "changed", "added"];

export function slip(a: string, b: string): Slip | undefined {
  // The first letter is seldom the slip, and another first letter makes another word ("nube",
  // "sube"; "cloud", "loud").
  if (a === b || a[0] !== b[0] || Math.abs(a.length - b.length) > 1) return undefined;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const inA = endA - start;
  const inB = endB - start;
  if (inA === 0 && inB === 1) return "left out";
  if (inA === 1 && inB === 0) return "added";
  if (inA === 1 && inB === 1) return "changed";
  return inA === 2 && inB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start]
    ? "swapped"
    : undefined;
}

const VOWELS = /^[aeiouy]$/;

/** A letter left out or added is read for the clock only where the shorter word is this long. */
const SHORTEST_CLOCK_SLIP = 5;

/**
 * Whether `word` is a slip of `meant` certain enough to answer a question with the home's clock,
 * which answers whatever it reads. Two letters swapped ("tiem", "daet"), or, in a word long
 * enough, a letter left out ("giono", "wchentag") or doubled ("Datumm"). One letter for another,
 * one left out of or added to a short word, or one added that doubles none makes another word as
 * often ("tide", "heurt"; "tie", "tij", "maan"; "datte", "hoyo"; "flecha", the arrow, for
 * "fecha"). A word with no vowel is none ("spt" for "spät"), nor one begun with the two consonants
 * the meant word's second letter, a vowel, kept apart ("tme", "dte", "hra" for "time", "date",
 * "hora"): a short word left out of elsewhere keeps its first syllable ("tie", "tij", "maan").
 */
export function clockSlip(word: string, meant: string): boolean {
  const how = slip(word, meant);
  if (how === undefined || how === "changed") return false;
  if (![...word].some((c) => VOWELS.test(c))) return true;
  const [first, second, third] = meant;
  if (
    how === "left out" &&
    word.length >= 3 &&
    word[1] === third &&
    VOWELS.test(second ?? "") &&
    !VOWELS.test(first ?? "") &&
    !VOWELS.test(third ?? "")
  )
    return true;
  if (how === "swapped") return word.length >= SHORTEST;
  if (Math.min(word.length, meant.length) < SHORTEST_CLOCK_SLIP) return false;
  if (how === "left out") return true;
  let at = 0;
  while (word[at] === meant[at]) at++;
  return word[at] === word[at - 1] || word[at] === word[at + 1];
}

/** Whether `a` and `b`, of one length and one letter apart, differ by a vowel for a vowel. */
function vowelForVowel(a: string, b: string): boolean {
  let at = 0;
  while (a[at] === b[at]) at++;
  return VOWELS.test(a[at] ?? "") && VOWELS.test(b[at] ?? "");
}

export interface Spelling {
  /** Whether the grammar has the word (folded). */
  knows(word: string): boolean;
  /**
   * The grammar's word `word` was meant to be: of the words one slip away, those of the likeliest
   * slip, when they all mean the same ("volumn": "volume", "volumen"); or, with none, the two words
   * it is when written without their space ("turnoff"). Undefined for a word the grammar knows, a
   * short one, or one that could mean two things.
   */
  meant(word: string): string | undefined;
  /**
   * Whether a word, written with an accent, is another word than the grammar's it folds to: the
   * grammar writes that word nowhere with the accent on its last letter, and the accent is one of
   * `accentsMakeWords` ("aprì", "alzò", "apagó" are told, past, while "apri", "alzo", "apaga"
   * ask). False for a word without accents, and for a word the grammar does not know.
   */
  accentedOther(word: string): boolean;
  /**
   * The grammar's word two words make when written together ("steck dose", "laut stärke", "stop
   * contact"), in a language that builds compounds: a space too many, as speech is often written.
   * Undefined for any other pair.
   */
  joined(first: string, second: string): string | undefined;
}

export function createSpelling(grammar: FastPathGrammar, lexicon: Lexicon): Spelling {
  const written = writtenWords(grammar);
  const marked = new Set((grammar.accentsMakeWords ?? []).map(asWritten));
  const known = new Set(written.keys());
  // "zette", "rustigers": a past, or a word after "something", is no slip of the word without its ending.
  const keptEndings = [...(grammar.pastEndings ?? []), ...(grammar.partitiveEndings ?? [])].map(fold);
  /**
   * The grammar's words by their first letter and length: a slip keeps the first letter and
   * changes the length by one at most (`slip`), so a word is compared with those alone: an unknown
   * word of six letters (most of a sentence left to the model is such words) with a dozen or two,
   * not the 300 to 470 words of five to seven letters of each grammar.
   */
  const byStart = new Map<string, string[]>();
  for (const word of known) {
    if (word.length < SHORTEST_MEANT) continue;
    // Never a word that turns what is said round: "im kleinen Zimmer" is no "keinen", "no" said.
    const cues = lexicon.senses(word)?.cues;
    if (cues?.has("negations") || cues?.has("none")) continue;
    const key = `${word[0]}${word.length}`;
    const same = byStart.get(key);
    if (same) same.push(word);
    else byStart.set(key, [word]);
  }
  /** What a word means to the reader; a word only templates know means itself. */
  const meaning = (word: string) => {
    const sense = lexicon.senses(word);
    if (!sense) return `word ${word}`;
    return JSON.stringify(sense, (_key, value: unknown) =>
      value instanceof Set ? [...value].sort() : value,
    );
  };
  return {
    knows: (word) => known.has(word),
    accentedOther(word) {
      const folded = fold(word);
      const spellings = written.get(folded);
      if (!spellings || folded === word || !marked.size) return false;
      const as = asWritten(word);
      for (const spelt of spellings) if (!accentBeyond(as, spelt, marked)) return false;
      return true;
    },
    joined(first, second) {
      if (!grammar.compounds || !/^\p{L}+$/u.test(first) || !/^\p{L}+$/u.test(second)) return undefined;
      if (first.length < SHORTEST_HALF + 1 || second.length < SHORTEST_MEANT) return undefined;
      const word = first + second;
      return word.length >= SHORTEST + 2 && known.has(word) ? word : undefined;
    },
    // Asked of the same words by each reading of a sentence (understand.ts, respelled).
    meant: withRecentAnswers((word) => {
      if (word.length < SHORTEST || known.has(word) || !/^\p{L}+$/u.test(word)) return undefined;
      const found = new Map<Slip, string[]>();
      const endings = keptEndings.filter((e) => word.endsWith(e));
      for (const length of [word.length - 1, word.length, word.length + 1]) {
        for (const candidate of byStart.get(`${word[0]}${length}`) ?? []) {
          const how = slip(word, candidate);
          // A vowel for another makes another word as often as a slip ("lucht", air, for "licht";
          // "spunta" for "spenta"): never read as the grammar's.
          if (how === "changed" && vowelForVowel(word, candidate)) continue;
          if (endings.some((e) => !candidate.endsWith(e))) continue;
          if (how) found.set(how, [...(found.get(how) ?? []), candidate]);
        }
      }
      const likeliest = SLIPS.map((s) => found.get(s)).find((list) => list !== undefined);
      if (likeliest) return new Set(likeliest.map(meaning)).size > 1 ? undefined : likeliest[0];
      // A space left out: "turnoff", "leiserstellen", where only one cut leaves two known words.
      // A prefix that undoes the word after it is cut off only before a plain noun ("de lampen"),
      // never before a word that acts or one only templates know: "unmute", "demute", "undim" are
      // no "un mute", "de mute", "un dim".
      const cuts: string[] = [];
      for (let at = SHORTEST_HALF; at <= word.length - SHORTEST_HALF; at++) {
        const [head, tail] = [word.slice(0, at), word.slice(at)];
        const sense = lexicon.senses(tail);
        if (UNDOING.has(head) && (!sense || sense.cues.size > 0)) continue;
        if (known.has(head) && known.has(tail)) cuts.push(`${head} ${tail}`);
      }
      return cuts.length === 1 ? cuts[0] : undefined;
    }),
  };
}
