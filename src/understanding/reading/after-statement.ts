// A command said after a statement of what is wrong: "es ist hier drin zu hell, dimme die Lichter",
// "het is te donker, kun je het licht aanzetten", "the music is loud, can you turn it down". The
// statement says why; the command after it says what to do, and is read alone. Only where nothing
// in the statement can change the command: it names no device or place, not even by a preposition
// (the command would lose it: "it's dark in the cellar"), no kind, no negation ("I don't want you
// to … turn on the light") and no verb, and is a statement (a copula, or a phrase of several
// words the grammar knows as one, "too dark", "I can't hear you"); the command starts with a verb
// or a politeness word, is more than one word, and every word of it is known.
import type { Lexicon, WordSense } from "./lexicon.js";
import type { createReader, Reading } from "./reader.js";
import { joinWords, spotNames, type Spotted } from "./spotting.js";
import { fold, withoutWakeWord } from "../sentence.js";

/** Cues a statement of what is wrong says with: "too dark", "i can't hear you". */
const STATEMENT_CUES = ["copulas", "brighter", "dimmer", "louder", "quieter"] as const;

/** Cues a command may start with: a verb or what a verb says ("dim", "louder", "mute"). */
const COMMAND_STARTS = [
  "verbs",
  "speak",
  "on",
  "off",
  "up",
  "down",
  "brighter",
  "dimmer",
  "louder",
  "quieter",
  "lightOn",
  "lightOff",
  "mute",
  "unmute",
  "toggle",
] as const;

/** Cues that command: a statement holds none. */
const ACTS = COMMAND_STARTS.filter(
  (cue) => !["speak", "brighter", "dimmer", "louder", "quieter"].includes(cue),
);

export function createAfterStatement(
  lexicon: Lexicon,
  reader: ReturnType<typeof createReader>,
  pronouns: readonly string[],
) {
  const pronoun = new Set(pronouns.map(fold));
  /** The words as the lexicon reads them, longest phrase first; no sense for a word it doesn't know. */
  function phrases(words: string[]): Array<{ sense?: WordSense; words: number }> {
    const out: Array<{ sense?: WordSense; words: number }> = [];
    for (let i = 0; i < words.length;) {
      let n = Math.min(lexicon.longest, words.length - i);
      for (; n >= 1; n--) if (lexicon.senses(joinWords(words.slice(i, i + n)))) break;
      const sense = n ? lexicon.senses(joinWords(words.slice(i, i + n))) : undefined;
      out.push(sense ? { sense, words: n } : { words: 1 });
      i += Math.max(n, 1);
    }
    return out;
  }
  /** A copula, or a change said as a state of several words ("too dark", "ik hoor je niet"), never a verb ("dim"). */
  const states = ({ sense, words }: { sense?: WordSense; words: number }) =>
    !!sense &&
    (sense.cues.has("copulas") || (words > 1 && STATEMENT_CUES.some((cue) => sense.cues.has(cue))));

  return function commandAfterStatement(
    sentence: string,
    lookup: (words: string) => Spotted | undefined,
  ): Reading | undefined {
    const words = withoutWakeWord(fold(sentence))
      .split(" ")
      .filter(Boolean)
      .flatMap((w) => lexicon.split(w));
    const names = spotNames(words, lookup);
    // A command of one word ("… | off") is a statement's last word.
    for (let cut = 1; cut < words.length - 1; cut++) {
      // A name in the statement ("es ist dunkel im Schlafzimmer"): the command would act elsewhere.
      if (names.some((n) => n.start < cut)) return undefined;
      const statement = phrases(words.slice(0, cut));
      const senses = statement.flatMap((p) => (p.sense ? [p.sense] : []));
      // A kind: "the lights are | off" is a statement about them, not a command after one.
      if (senses.some((s) => s.kind || s.everything || s.quantifier)) return undefined;
      // A statement says how things are, and commands nothing: "… mach sie | aus" is one command.
      if (senses.some((s) => ACTS.some((cue) => s.cues.has(cue) || s.first.has(cue)))) return undefined;
      // "not", "and", or a place said in words the home may not know ("dark in the cellar").
      if (senses.some((s) => s.cues.has("negations") || s.conjunction || s.preposition)) continue;
      if (!statement.some(states)) continue;
      const first = phrases(words.slice(cut))[0]?.sense;
      // The command starts as one does: a verb, a particle or a politeness word, never a noun.
      const starts =
        !!first &&
        (first.filler || first.first.size > 0 || COMMAND_STARTS.some((cue) => first.cues.has(cue)));
      if (!starts || first.cues.has("copulas") || first.cues.has("negations")) continue;
      const read = reader.read(words.slice(cut).join(" "), lookup);
      // "… kannst du ihn hochdrehen": a pronoun would stand for what the statement named.
      if (read?.certain && !(read.match.name !== undefined && pronoun.has(read.match.name))) return read;
    }
    return undefined;
  };
}
