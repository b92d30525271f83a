// One language's words as the reader sees them: every phrase the grammar knows, with everything
// it may say (a word can be several things: "on" is a particle and a place preposition, "la" an
// article and a pronoun). Built once per grammar.
import type { ColorName, CueWords, DeviceKind, FastPathGrammar, WhiteName } from "../grammar-types.js";
import { numberWords } from "../number-words.js";
import { fold } from "../sentence.js";

export type Cue = keyof CueWords;

/** What a word or phrase may be. */
export interface WordSense {
  cues: Set<Cue>;
  /** Said only at the start of a sentence ("^light up"). */
  first: Set<Cue>;
  article?: boolean;
  /** An elided article, written joined to the next word ("l'", "dell'"). */
  elided?: boolean;
  preposition?: boolean;
  quantifier?: boolean;
  everything?: boolean;
  conjunction?: boolean;
  pronoun?: boolean;
  here?: boolean;
  home?: boolean;
  kind?: DeviceKind;
  /** A number said in words or a level word ("half"): its value in percent. */
  number?: number;
  /** A level word ("half", "maximum"): a level said without "to" or a unit. */
  level?: boolean;
  /** Politeness, a wake word's remains or "now": read as nothing. */
  filler?: boolean;
  /** A colour or a white by name ("red", "warm white"). */
  color?: ColorName | WhiteName;
  /** A white said by a word that is also a temperature ("warm"): a colour only of a light. */
  colorOfLightOnly?: boolean;
}

export interface Lexicon {
  /** The senses of a phrase of folded words, if the grammar knows it. */
  senses(phrase: string): WordSense | undefined;
  /** The longest phrase the grammar knows, in words. */
  longest: number;
  /**
   * Splits "l'interrupteur" into "l'" and "interrupteur" (an elided article or preposition), and
   * "accendila" into "accendi" and "la" (a pronoun joined to its verb).
   */
  split(word: string): string[];
}

export function createLexicon(grammar: FastPathGrammar): Lexicon {
  const table = new Map<string, WordSense>();
  const sense = (phrase: string): WordSense => {
    const key = fold(phrase);
    let found = table.get(key);
    if (!found) table.set(key, (found = { cues: new Set(), first: new Set() }));
    return found;
  };
  for (const [cue, words] of Object.entries(grammar.cues) as Array<[Cue, string[]]>) {
    for (const word of words) {
      if (word.startsWith("^")) sense(word.slice(1)).first.add(cue);
      else sense(word).cues.add(cue);
    }
  }
  const elisions: string[] = [];
  for (const a of grammar.articles) {
    if (a.endsWith("'")) elisions.push(fold(a));
    Object.assign(sense(a), { article: true, ...(a.endsWith("'") ? { elided: true } : {}) });
  }
  for (const p of grammar.areaPrepositions) {
    if (p.endsWith("'")) elisions.push(fold(p));
    sense(p).preposition = true;
  }
  for (const f of [...grammar.fillers, ...grammar.now]) sense(f).filler = true;
  for (const q of grammar.quantifiers) sense(q).quantifier = true;
  for (const e of grammar.everything) sense(e).everything = true;
  for (const c of grammar.conjunctions) sense(c).conjunction = true;
  for (const p of grammar.pronouns) sense(p).pronoun = true;
  for (const h of grammar.here) sense(h).here = true;
  for (const h of grammar.wholeHome) sense(h).home = true;
  for (const [kind, words] of Object.entries(grammar.kinds) as Array<[DeviceKind, string[]]>) {
    for (const w of words) sense(w).kind ??= kind;
  }
  for (const [word, value] of numberWords(grammar)) sense(word).number ??= value;
  for (const [word, value] of Object.entries(grammar.levels)) {
    Object.assign(sense(word), { number: value, level: true });
  }
  const temperatureWords = new Set(grammar.sensors.temperature.map((w) => fold(w)));
  for (const [color, words] of [
    ...Object.entries(grammar.colors),
    ...Object.entries(grammar.whites),
  ] as Array<[ColorName | WhiteName, string[]]>) {
    for (const w of words) {
      const found = sense(w);
      found.color ??= color;
      if (temperatureWords.has(fold(w))) found.colorOfLightOnly = true;
    }
  }
  const longest = Math.max(...[...table.keys()].map((k) => k.split(" ").length));
  // Longest first: "dell'" before "l'".
  const elided = [...new Set(elisions)].sort((a, b) => b.length - a.length);
  const enclitics = [...new Set((grammar.enclitics ?? []).map(fold))].sort((a, b) => b.length - a.length);
  return {
    senses: (phrase) => table.get(phrase),
    longest,
    split(word) {
      const prefix = elided.find((e) => word.length > e.length && word.startsWith(e));
      if (prefix) return [prefix, word.slice(prefix.length)];
      if (table.has(word)) return [word];
      for (const pronoun of enclitics) {
        if (!word.endsWith(pronoun)) continue;
        const stem = word.slice(0, -pronoun.length);
        const verb = [stem, `${stem}e`].find((v) => table.get(v)?.cues.size);
        if (verb) return [verb, pronoun];
      }
      return [word];
    },
  };
}
