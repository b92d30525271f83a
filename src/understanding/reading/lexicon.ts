// One language's words as the reader sees them: every phrase the grammar knows, with everything
// it may say (a word can be several things: "on" is a particle and a place preposition, "la" an
// article and a pronoun). Built once per grammar.
import type { ColorName, CueWords, DeviceKind, FastPathGrammar, WhiteName } from "../grammar-types.js";
import { numberWords } from "../number-words.js";
import { fold, WAKE_WORDS } from "../sentence.js";
import { joinWords } from "./spotting.js";

export type Cue = keyof CueWords;

/** Cues whose words are no verbs: what is changed, by how much, and the small words around it. */
const NOT_VERBS: ReadonlySet<Cue> = new Set<Cue>([
  "volume",
  "music",
  "brightness",
  "scale",
  "kelvin",
  "bit",
  "lot",
  "full",
  "steps",
  "to",
  "by",
  "percent",
  "negations",
  "none",
  "anymore",
  "copulas",
  "pastCopulas",
  "suggests",
  "particles",
]);

/** Cues that say a change one way: what a level word may be made of ("nivel más alto"). */
const COMPARING: readonly Cue[] = ["up", "down", "brighter", "dimmer", "louder", "quieter"];

/** Cues said by an adjective that agrees with what it is said of (`FastPathGrammar.agreement`). */
type Agreeing = "brighter" | "dimmer" | "louder" | "quieter";
const AGREEING: readonly Agreeing[] = ["brighter", "dimmer", "louder", "quieter"];
/** Each of those turned round: "trop brillant" is what "plus brillant" is not. */
const OPPOSITE: Record<Agreeing, Agreeing> = {
  brighter: "dimmer",
  dimmer: "brighter",
  louder: "quieter",
  quieter: "louder",
};

/** What a word or phrase may be. */
export interface WordSense {
  cues: Set<Cue>;
  /** Said only at the start of a sentence ("^light up"). */
  first: Set<Cue>;
  article?: boolean;
  /** An indefinite article ("a", "une"): one of a kind, not every one. */
  indefinite?: boolean;
  /** "of" between how much and its kind ("some of the lights"): some of the kind. */
  partitive?: boolean;
  /** An elided article, written joined to the next word ("l'", "dell'"). */
  elided?: boolean;
  preposition?: boolean;
  quantifier?: boolean;
  /** A player whose only level is its sound (`FastPathGrammar.soundOnly`). */
  soundOnly?: boolean;
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
  /**
   * Half of what a level is now (`FastPathGrammar.halves`): a level word of half, the same said
   * "by" in one phrase ("della metà"), or a verb that halves ("dimezza").
   */
  half?: "word" | "by" | "verb";
  /**
   * The cues of the comparison a level word is made of ("nivel más alto": louder, "livello più
   * basso": quieter). With "the" it is the extreme; with "a" ("un nivel más alto") only a step.
   */
  compares?: Set<Cue>;
  /** Politeness, a wake word's remains or "now": read as nothing. */
  filler?: boolean;
  /** A filler that says how much ("very", "ziemlich"): `FastPathGrammar.intensifiers`. */
  intensifier?: boolean;
  /** A colour or a white by name ("red", "warm white"). */
  color?: ColorName | WhiteName;
  /** A white said by a word that is also a temperature ("warm"): a colour only of a light. */
  colorOfLightOnly?: boolean;
  /** The word for a colour itself ("colour", "Farbe"): what a colour said with it is set on. */
  colorNoun?: boolean;
  /** What joins a level to its ten ("out of", `FastPathGrammar.outOf`). */
  outOf?: boolean;
}

export interface Lexicon {
  /** The senses of a phrase of folded words, if the grammar knows it. */
  senses(phrase: string): WordSense | undefined;
  /** The longest phrase the grammar knows, in words. */
  longest: number;
  /**
   * Splits "l'interrupteur" into "l'" and "interrupteur" (an elided article or preposition), and
   * "apágala" into "apaga" and "la", "spegnerle" into "spegnere" and "le" (a pronoun joined to its verb).
   */
  split(word: string): string[];
  /**
   * Whether a phrase of `words` (split as `split` splits them) may hold one of `cues`: false only
   * when it cannot hold any phrase the grammar knows for those cues, so that most sentences are
   * not looked up phrase by phrase.
   */
  mayHold(words: readonly string[], cues: readonly Cue[]): boolean;
  /**
   * The most words a phrase the grammar knows may have when it begins with `word` (as `split`
   * splits them): 0 when none begins with it, so that the phrases after it need not be looked up.
   */
  startingWith(word: string): number;
}

export function createLexicon(grammar: FastPathGrammar): Lexicon {
  const table = new Map<string, WordSense>();
  const sense = (phrase: string): WordSense => {
    // "un po' buio": keyed as the reader joins its words, a word's apostrophe joined to the next.
    const key = joinWords(fold(phrase).split(" "));
    let found = table.get(key);
    if (!found) table.set(key, (found = { cues: new Set(), first: new Set() }));
    return found;
  };
  for (const [cue, words] of Object.entries(grammar.cues) as Array<[Cue, string[]]>) {
    for (const word of words) {
      if (word.startsWith("^")) sense(word.slice(1)).first.add(cue);
      else sense(word).cues.add(cue);
      // A mode of muting is a mute when nothing switches it.
      if (cue === "muteModes") sense(word).cues.add("mute");
      // A word that starts is "on" where it may switch (reading/action.ts, `startedOnly`).
      if (cue === "starts") sense(word).cues.add("on");
      // No longer needed is "off" where nothing else says a way (reading/action.ts, `unneeded`).
      if (cue === "unneeded") sense(word).cues.add("off");
      if (cue === "pastCopulas") sense(word).cues.add("copulas");
    }
  }
  const elisions: string[] = [];
  for (const a of grammar.articles) {
    if (a.endsWith("'")) elisions.push(fold(a));
    Object.assign(sense(a), { article: true, ...(a.endsWith("'") ? { elided: true } : {}) });
  }
  for (const a of grammar.indefinites ?? []) sense(a).indefinite = true;
  for (const p of grammar.partitives ?? []) sense(p).partitive = true;
  for (const p of grammar.areaPrepositions) {
    if (p.endsWith("'")) elisions.push(fold(p));
    sense(p).preposition = true;
  }
  for (const f of [...grammar.fillers, ...(grammar.reasons ?? []), ...grammar.now]) {
    // "m'éteindre": a filler elided onto the next word is split from it, as an article is.
    if (f.endsWith("'") && !f.includes(" ")) elisions.push(fold(f));
    sense(f).filler = true;
  }
  for (const w of grammar.intensifiers ?? []) sense(w).intensifier = true;
  // A wake word said inside the sentence ("bitte olly, mach das Licht aus", "dim the lights olly
  // please"): dropped as it is at either end.
  for (const w of WAKE_WORDS) sense(w).filler = true;
  for (const q of grammar.quantifiers) sense(q).quantifier = true;
  for (const s of grammar.soundOnly ?? []) sense(s).soundOnly = true;
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
  for (const word of grammar.halves?.words ?? []) sense(word).half = "word";
  for (const phrase of grammar.halves?.by ?? [])
    Object.assign(sense(phrase), { number: 50, level: true, half: "by" });
  for (const verb of grammar.halves?.verbs ?? []) {
    sense(verb).cues.add("down");
    sense(verb).half = "verb";
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
  for (const w of grammar.colorNouns ?? []) sense(w).colorNoun = true;
  for (const w of grammar.outOf ?? []) sense(w).outOf = true;
  // "plus fortes", "trop lumineuses": a change said by an adjective, which agrees with what it is
  // said of, in each of its forms; a form that is already a phrase of its own keeps its meaning.
  if (grammar.agreement) {
    const { starts, endings } = grammar.agreement;
    const after = starts.map((w) => fold(w));
    const agreeing = (cue: Cue, words: string[]) => {
      const last = words.at(-1)!;
      for (const [from, to] of endings) {
        if (!last.endsWith(from)) continue;
        const form = joinWords([...words.slice(0, -1), `${last.slice(0, last.length - from.length)}${to}`]);
        if (!table.has(form)) table.set(form, { cues: new Set([cue]), first: new Set() });
      }
    };
    for (const cue of AGREEING) {
      for (const phrase of grammar.cues[cue] as string[]) {
        const words = fold(phrase).split(" ");
        if (words.length < 2 || !after.includes(words.slice(0, -1).join(" "))) continue;
        agreeing(cue, words);
      }
    }
    // "pas assez brillantes", "trop brillante" from "plus brillant": the adjective after every
    // other word of more or less, its change turned round where the two differ. Phrases the
    // grammar lists, and the forms above, keep their own meaning.
    const more = (grammar.agreement.more ?? []).map((w) => fold(w));
    const less = (grammar.agreement.less ?? []).map((w) => fold(w));
    const way = (start: string) => (more.includes(start) ? 1 : less.includes(start) ? -1 : 0);
    for (const cue of AGREEING) {
      for (const phrase of grammar.cues[cue] as string[]) {
        const words = fold(phrase).split(" ");
        for (let n = 1; n < words.length; n++) {
          const said = way(words.slice(0, n).join(" "));
          if (!said || words.length - n !== 1) continue;
          const adjective = words.slice(n);
          for (const start of [...more, ...less]) {
            const turned = way(start) === said ? cue : OPPOSITE[cue];
            agreeing(turned, [...start.split(" "), ...adjective]);
          }
        }
      }
    }
  }
  // With every cue and agreeing form known: the comparison a level word of several words ends in.
  for (const word of Object.keys(grammar.levels)) {
    const words = fold(word).split(" ");
    for (let from = 1; from < words.length; from++) {
      const tail = table.get(joinWords(words.slice(from)));
      const compares = [...(tail?.cues ?? [])].filter((cue) => COMPARING.includes(cue));
      if (!compares.length) continue;
      sense(word).compares = new Set(compares);
      break;
    }
  }
  const pronouns = new Set(grammar.pronouns.map((p) => fold(p)));
  const enclitics = [...new Set((grammar.enclitics ?? []).map((e) => fold(e)))].sort(
    (a, b) => b.length - a.length,
  );
  /** A pronoun is joined to a verb, never to a noun a cue names ("musicale" is no "musica" + "le"). */
  const isVerb = (word: string) => {
    const found = table.get(word);
    return !!found && (found.first.size > 0 || [...found.cues].some((cue) => !NOT_VERBS.has(cue)));
  };
  /** "apagala" → "apaga", "la"; "bajamelo" → "baja", "lo": at most two pronouns, kept when they name a thing. */
  const unglued = (word: string, depth = 0): string[] | undefined => {
    if (depth > 1 || isVerb(word)) return undefined;
    for (const e of enclitics) {
      if (word.length <= e.length + 1 || !word.endsWith(e)) continue;
      const stem = word.slice(0, -e.length);
      // An infinitive drops its last "e" before the pronoun: "spegner|le" is "spegnere".
      const verb = [stem, `${stem}e`].find(isVerb);
      const rest = verb ? [verb] : unglued(stem, depth + 1);
      if (rest) return [...rest, ...(pronouns.has(e) ? [e] : [])];
    }
    return undefined;
  };
  const longest = Math.max(...[...table.keys()].map((k) => k.split(" ").length));
  // Longest first: "dell'" before "l'".
  const elided = [...new Set(elisions)].sort((a, b) => b.length - a.length);
  // Each set of cues asked about, with one word of every phrase that says one of them, its longest
  // (the least common: "dark" of "too dark"): a sentence that holds the phrase holds that word.
  // Words as the reader splits them: "un po'buio" is "un", "po'", "buio".
  const cueWords = new Map<string, Set<string>>();
  const wordsFor = (cues: readonly Cue[]) => {
    const key = cues.join(" ");
    let found = cueWords.get(key);
    if (found) return found;
    found = new Set();
    for (const [phrase, sense] of table) {
      if (!cues.some((cue) => sense.cues.has(cue) || sense.first.has(cue))) continue;
      found.add(phrase.split(/ |(?<=')/).reduce((a, b) => (b.length > a.length ? b : a)));
    }
    cueWords.set(key, found);
    return found;
  };
  // A phrase's words as the reader splits them: "un po'buio" is "un", "po'", "buio".
  const byFirstWord = new Map<string, number>();
  for (const phrase of table.keys()) {
    const words = phrase.split(/ |(?<=')/);
    byFirstWord.set(words[0]!, Math.max(byFirstWord.get(words[0]!) ?? 0, words.length));
  }
  return {
    senses: (phrase) => table.get(phrase),
    // A word with an apostrophe inside ("po'buio" written as one) may begin a phrase known as more words.
    startingWith: (word) => (/'./.test(word) ? longest : Math.min(longest, byFirstWord.get(word) ?? 0)),
    mayHold(words, cues) {
      const known = wordsFor(cues);
      // A word with an apostrophe inside ("po'buio" written as one) may be part of a phrase that
      // is known as more words: it is not ruled out here.
      return words.some((w) => known.has(w) || /'./.test(w));
    },
    longest,
    split(word) {
      const prefix = elided.find((e) => word.length > e.length && word.startsWith(e));
      if (prefix) return [prefix, word.slice(prefix.length)];
      return (enclitics.length && !table.has(word) && unglued(word)) || [word];
    },
  };
}
