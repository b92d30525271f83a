// What a sentence asks, from its two readings: the grammar's templates (matcher.ts) and the
// reading by names and cues (reading/reader.ts). Which one wins is the table below.
import { onCeiling } from "./ceiling.js";
import { createClockQuestion } from "./clock-question.js";
import { createWishOrder } from "./wish-order.js";
import { COVER_KINDS, RELATIVE_INTENTS, SOUND_INTENTS, STATE_QUESTIONS } from "./kinds.js";
import type { FastIntent, FastPathGrammar } from "./grammar-types.js";
import { createMatcher, type FastMatch } from "./matcher.js";
import { numberWords } from "./number-words.js";
import { singulars } from "./places.js";
import { createLexicon, type Cue, type WordSense } from "./reading/lexicon.js";
import { createReader, type Reading } from "./reading/reader.js";
import { clockSlip, createSpelling } from "./reading/spelling.js";
import { inName, joinWords, spotNames, type Spotted } from "./reading/spotting.js";
import {
  alternation,
  createCleaner,
  createTransliteration,
  escape,
  fold,
  withoutWakeWord,
  wordsAsWritten,
} from "./sentence.js";

/**
 * Words that act, and what a level is of: a name a template took that holds one was not a name
 * ("put the kitchen light", "the music").
 */
/** What the word after a correction may be for the rest to be a command: a verb, or on, off, mute. */
const CORRECTED: readonly Cue[] = ["verbs", "on", "off", "mute", "unmute", "toggle"];
/** What a complaint's words say is wrong. */
const COMPLAINTS: readonly Cue[] = ["brighter", "dimmer", "louder", "quieter"];
/** What a command may do about what a complaint, read as a command, would do. */
const AGREEING: Partial<Record<FastIntent, readonly FastIntent[]>> = {
  brighten: ["brighten", "turn_on", "step_up"],
  dim: ["dim", "turn_off", "step_down"],
  volume_up: ["volume_up", "unmute", "step_up"],
  volume_down: ["volume_down", "mute", "step_down"],
};
/** Commands a stray last word is left out of: switching, and changes of light or sound. */
const STRAY_WORD_CHANGES_NOTHING: ReadonlySet<FastIntent> = new Set<FastIntent>([
  "turn_on",
  "turn_off",
  "mute",
  "unmute",
  ...RELATIVE_INTENTS,
]);
/** Words that name what a command acts on without naming a device: the volume, the music, the light's brightness. */
const OBJECTS: readonly Cue[] = ["volume", "music", "brightness"];
/** What a command changes: a switch, a level, the sound. */
const CHANGES: readonly Cue[] = [
  "on",
  "off",
  "up",
  "down",
  "brighter",
  "dimmer",
  "louder",
  "quieter",
  "mute",
  "unmute",
  "toggle",
];
/** What a verb said in the past does, when it would be a command in the present. */
const PAST_OF: readonly Cue[] = ["verbs", ...CHANGES, "open", "close", "stop"];
/** Particles a participle takes after it ("turned off", "turned down"). */
const WAYS_AFTER: readonly Cue[] = ["on", "off", "up", "down"];
/** What a word between an article and a participle may say: what it names ("the music volume"). */
const NAMED: ReadonlySet<Cue> = new Set<Cue>(["volume", "music", "brightness"]);
/** A sentence is respelt only where at most one of this many words is a slip. */
const RESPELT_AT_MOST_ONE_IN = 3;
/** The most words a place said in the plural is looked up in ("camere da letto", "salas de estar"). */
const MAX_PLURAL_PLACE_WORDS = 4;
/** The longest complaint, and the longest sentence read as a complaint and a command, in words. */
const LONGEST_COMPLAINT = 8;
const LONGEST_COMPLAINED = 24;
const ACTING: readonly Cue[] = [
  "verbs",
  "speak",
  ...CHANGES,
  ...OBJECTS,
  // "assure-toi que la lumière est éteinte": what is asked to be so.
  "modals",
  "suggests",
  // "donne-moi de la lumière": light wished for, or wished away, is asked of the lights.
  "lightOn",
  "lightOff",
  // "zet de kroonluchter helemaal omhoog": how far is said of a change, never part of a name.
  "bit",
  "lot",
  "full",
];
/**
 * Cues whose word said first in a sentence is the verb, and elsewhere the noun a name begins with
 * ("light the kitchen" and "is the light on"): a name's first word is no sentence's first.
 */
const VERB_ONLY_FIRST: ReadonlySet<Cue> = new Set(["lightOn", "lightOff"]);

export interface Understood {
  match: FastMatch;
  /** Which rule of `PRECEDENCE` chose it, for the log and the tests. */
  by: Precedence;
}

export type Precedence =
  "question" | "certain reading" | "template" | "reading with an unknown name" | "template, unquoted";

/**
 * The order in which the readings of a sentence are taken, first that applies:
 * 1. question: the time or the date asked in plain words (clock-question.ts), or a template of a
 *    question (state, reading, set point, time, date). Questions are asked in fixed shapes, and
 *    the reader reads commands only: a question template is no question where its name holds a
 *    word that acts, or a reading's template where the reader read every word as a command
 *    ("reduziere die Helligkeit").
 * 2. certain reading: every word was a known name or a cue, and the cues point one way.
 * 3. template: a command template whose name holds no word that acts.
 * 4. reading with an unknown name: the reader found one run of unknown words where a name goes
 *    ("turn the toaster on": "toaster").
 * 5. template, unquoted: a command template whose "name" holds a verb or a particle. It is still
 *    tried, but never quoted back as a name.
 */
export const PRECEDENCE: readonly Precedence[] = [
  "question",
  "certain reading",
  "template",
  "reading with an unknown name",
  "template, unquoted",
];

/** The clock's questions, which a word cut in two never asks (`understandSentence`). */
const CLOCK: ReadonlySet<FastIntent> = new Set<FastIntent>(["query_time", "query_date"]);

const QUESTIONS: ReadonlySet<FastIntent> = new Set([
  ...STATE_QUESTIONS,
  "query_sensor",
  "query_detect",
  "query_low_battery",
  "query_setpoint",
  "query_time",
  "query_date",
]);

/**
 * Where speech-to-text ends a clause: a comma, a semicolon, a colon, a dash, or a sentence's end
 * after a word of three letters or more ("Mr. Chen", "u. s. a.", "p. m." are no ends).
 */
const CLAUSE_BREAK = /[,;:]+(?=\s|$)|(?<=\p{L}{3}|\d)[.!?…]+(?=\s|$)|\s[-–—]\s/u;
/** What a word of power supply said of a place would switch: on, off, or the other way. */
const SWITCHING: ReadonlySet<FastIntent> = new Set<FastIntent>(["turn_on", "turn_off", "toggle"]);
/** Cues of the nouns a copula may be joined to ("the volume's", "the music's"). */
const NOUNS: readonly Cue[] = ["volume", "music", "brightness"];
/** A clause has at least this many words: "ein", "m" alone are the remains of what was cut. */
const FEWEST_CLAUSE_WORDS = 2;
/** A command is looked for beside at most this many clauses. */
const MOST_CLAUSES = 4;
/** Cues of a word that says which way a command goes ("éteins", "spegni", "up", "mute"). */
const COMMAND_WAYS: readonly Cue[] = ["on", "off", "up", "down", "lightOn", "lightOff", "mute", "unmute"];
/** Cues of a word that may begin a command: a verb ("mach", "turn") or one of `COMMAND_WAYS`. */
const COMMAND_STARTS: readonly Cue[] = ["verbs", ...COMMAND_WAYS];

export function createUnderstanding(grammar: FastPathGrammar) {
  const matcher = createMatcher(grammar);
  const lexicon = createLexicon(grammar);
  const reader = createReader(grammar, lexicon);
  const clock = createClockQuestion(grammar);
  /** The templates' reading; never the clock's for time spent or to spare ("gib mir Zeit"). */
  const templates = (sentence: string) => {
    const match = matcher.match(sentence);
    return match && CLOCK.has(match.intent) && clock.spentTime(sentence) ? undefined : match;
  };
  const wishInOrder = createWishOrder(grammar);
  const spelling = createSpelling(grammar, lexicon);
  const twoWays = (grammar.twoWays ?? []).map((p) => fold(p).split(" "));
  const cleaned = createCleaner(grammar);
  const pastEndings = (grammar.pastEndings ?? []).map(fold);
  /** The state words, accents kept ("allumé" is a state, "allume" a command), and folded. */
  const stateWordsAsWritten = new Set(
    Object.values(grammar.stateWords)
      .flat()
      .map((w) => w.toLowerCase()),
  );
  const stateWords = new Set([...stateWordsAsWritten].map(fold));
  /** State words that, said first, tell what was done (`stateWordFirstTells`). */
  const statesFirst = grammar.stateWordFirstTells ? stateWords : new Set<string>();
  const auxiliaries = new Set((grammar.auxiliariesFirst ?? []).map(fold));
  /** A copula that says how something is now ("is", "está", "è"), not how it was ("era"). */
  const copulaOfNow = (word: string) => {
    const sense = lexicon.senses(word);
    return !!sense?.cues.has("copulas") && !sense.cues.has("pastCopulas");
  };
  const toldFirst = new Set((grammar.toldFirst ?? []).map(fold));
  const selfTold = (grammar.selfTold ?? []).map(fold);
  const pronounWords = new Set(grammar.pronouns.map(fold));
  const consequences = (grammar.consequences ?? []).map(fold);
  /** Whether a sentence holds a word that leads on to a command (`consequences`). */
  const saysLeadingOn = (sentence: string) => {
    const said = ` ${fold(sentence)} `;
    return consequences.some((c) => said.includes(` ${c} `));
  };
  /** Whether a remark ends with a word that leads on to a command (`consequences`: "so", "also"). */
  const leadsOn = (remark: string) => {
    const words = fold(remark).split(" ");
    // "… so please": a polite word after it still leaves the command apart (some of the words
    // are themselves fillers: "alors", "also", "dus").
    for (; words.length > 1; words.pop()) {
      const said = words.join(" ");
      if (consequences.some((c) => said.endsWith(` ${c}`))) return true;
      if (!lexicon.senses(words.at(-1)!)?.filler) return false;
    }
    return false;
  };
  /** Whether a remark begins as the speaker telling of themselves (`selfTold`). */
  /** How a remark opens as the speaker telling of themselves (`selfTold`), the longest that fits. */
  const selfOpening = (remark: string) => {
    const said = fold(remark);
    return selfTold.filter((s) => said.startsWith(`${s} `)).sort((a, b) => b.length - a.length)[0];
  };
  const toldOfSelf = (remark: string) => selfOpening(remark) !== undefined;
  const subordinators = new Set((grammar.subordinators ?? []).map(fold));
  /** Whether a remark holds a word that begins a clause inside it, asks how, or reports (`subordinators`). */
  const holdsSubordinator = (remark: string) => {
    // "así que": a word that leads on to the command may hold one ("que"), and is none.
    const said = fold(remark);
    const ending = consequences.find((c) => said.endsWith(` ${c}`));
    const words = wordsOf(ending === undefined ? said : said.slice(0, -ending.length - 1));
    return words.some((w) => subordinators.has(w) || subordinators.has(w.replace(/^\p{L}+'/u, "")));
  };
  /**
   * Whether what one tells of oneself runs on into the words after it: it holds a word that
   * begins a clause inside it or asks how ("the book that says …", "comment …"), it ends with
   * what plays ("sto cantando la canzone …": a title follows), or after its opening it says
   * nothing but fillers ("je dois encore …": the same clause goes on).
   */
  const runsOn = (remark: string) => {
    const opening = selfOpening(remark);
    const words = wordsOf(remark);
    const rest = opening === undefined ? words : wordsOf(fold(remark).slice(opening.length));
    return (
      holdsSubordinator(remark) ||
      musicWords.has(words.at(-1)!) ||
      rest.every((w) => !!lexicon.senses(w)?.filler)
    );
  };
  const participleWords = new Set((grammar.participle?.words ?? []).map(fold));
  const fromWords = new Set((grammar.fromWays ?? []).map(fold));
  const verbParticles = new Set((grammar.verbParticles ?? []).map(fold));
  /** The grammar's single words for on and off ("on", "off", "an", "aus"), folded. */
  const ways = new Set(
    [...grammar.cues.on, ...grammar.cues.off].map(fold).filter((w) => w && !w.includes(" ")),
  );
  // The clock's words that open a question ("what", "welke", "quelle"), and "if" ("ob", "si").
  const interrogatives = new Set((grammar.clock.verbs?.questions ?? []).map(fold));
  const startsAsking = (name: string) => interrogatives.has(name.split(" ")[0]!);
  // Whom a sentence is said to, longest first ("mon pote" before "pote").
  const addressPhrases = [...new Set((grammar.address ?? []).map(fold))]
    .map((phrase) => phrase.split(" "))
    .sort((a, b) => b.length - a.length);
  /**
   * Words that begin a comparison ("more bright", "plus fort", "moins fort", "más", "più"): those
   * of `up` and `down` that begin a complaint's phrase, and the grammar's own. The word after one
   * is what there is more or less of, never a stray word.
   */
  const comparatives = new Set([
    ...COMPLAINTS.flatMap((cue) => grammar.cues[cue] as string[])
      .map((phrase) => fold(phrase).split(" "))
      .filter((words) => words.length > 1)
      .map((words) => words[0]!)
      .filter((word) => lexicon.senses(word)?.cues.has("up") || lexicon.senses(word)?.cues.has("down")),
    ...(grammar.comparatives ?? []).map(fold),
  ]);
  const at = (words: string[], i: number, phrase: string[]) => phrase.every((w, k) => words[i + k] === w);
  /** Whether the words from `i` to `end` are part of a phrase the lexicon knows for here ("questa camera"). */
  const partOfHere = (words: string[], i: number, end: number) => {
    for (let from = Math.max(0, end - lexicon.longest); from <= i; from++)
      for (let to = end; to <= Math.min(words.length, from + lexicon.longest); to++)
        if (lexicon.senses(joinWords(words.slice(from, to)))?.here) return true;
    return false;
  };
  /**
   * A place said so that it names two ("cette chambre", Italian "camera": this room, or the
   * bedroom), unless it is part of a phrase for here ("questa camera") or of a name the home has
   * ("Camera", "camera da letto", "tapparella camera").
   */
  function saidTwoWays(sentence: string, lookup: (words: string) => Spotted | undefined): boolean {
    if (!twoWays.length) return false;
    const words = fold(sentence).split(" ").filter(Boolean);
    const said = words.flatMap((_, i) =>
      twoWays
        .filter((phrase) => at(words, i, phrase) && !partOfHere(words, i, i + phrase.length))
        .map(() => i),
    );
    if (!said.length) return false;
    const names = spotNames(words, lookup);
    return said.some((i) => !inName(names, i));
  }
  const reported = grammar.reports?.length
    ? new RegExp(`(?:^|[^\\p{L}])(?:${grammar.reports.map(escape).join("|")})(?![\\p{L}])`, "u")
    : undefined;
  const only = grammar.only?.length
    ? new RegExp(`(?:^|\\s)(?:${alternation(grammar.only)})(?=\\s|$)`)
    : undefined;
  // "ist das Garagenlicht nicht an": a negation the question's name took asks the other way.
  const negated = new RegExp(`(?:^|\\s)(?:${alternation(grammar.cues.negations)})(?=\\s|$)`);
  const each = new RegExp(
    `(?:^|\\s)(?:${alternation([...grammar.quantifiers, ...(grammar.both ?? [])])})(?=\\s|$)`,
  );
  // "dans toute la maison", "im ganzen Haus": the whole home said, not "all" of the kind.
  const wholeHomeSaid = new RegExp(`(?:^|\\s)(?:${alternation(grammar.wholeHome.map(fold))})(?=\\s|$)`, "g");
  // "tais-toi", "silence", said alone: Home Assistant's "never mind", which stops the assistant;
  // with more ("silence s'il te plaît, là", "tais-toi dans le salon") they are a mute.
  const hushOnly = grammar.later.hush?.length
    ? new RegExp(`^(?:${alternation(grammar.later.hush.map(fold))})$`)
    : undefined;
  const selfAsk = grammar.selfAsks?.words.length
    ? new RegExp(`^[¿¡"']*(?:${alternation(grammar.selfAsks.words)})\\s+(?<verb>\\S+)`)
    : undefined;
  const selfAskNot = new Set((grammar.selfAsks?.notBefore ?? []).map(fold));
  const correction = grammar.corrections?.length
    ? new RegExp(`^(?:${alternation(grammar.corrections)})\\s+(?<rest>(?<first>\\S+).*)$`)
    : undefined;

  // "parce qu'il fait sombre": a word written with an apostrophe is joined to the next one.
  const purpose = grammar.purposes?.length
    ? new RegExp(`(?:^|\\s)(?:${alternation(grammar.purposes)})(?:(?<=')|(?=\\s|$))`)
    : undefined;
  const infinitivePurpose = grammar.purposeInfinitive;
  const reasonLinks = new Set((grammar.reasonLinks ?? []).map(fold));
  const comparativeWords = new Set((grammar.comparatives ?? []).map(fold));
  const particleWords = new Set(grammar.cues.particles.map(fold));
  const aloneExcept = new Set((grammar.upOrDownAlone?.except ?? []).map(fold));
  const placePrepositions = new Set(grammar.areaPrepositions.map(fold).filter((w) => !w.includes(" ")));
  /** The words that say "now" ("now", "jetzt", "maintenant"). */
  const nowWords = new Set(grammar.now.flatMap((phrase) => fold(phrase).split(" ")));
  /** What plays, said in one word ("music", "Lied", "canción"): a title may follow it. */
  const musicWords = new Set(grammar.cues.music.map(fold).filter((w) => !w.includes(" ")));
  const purposeStarts = (infinitivePurpose?.words ?? []).map((w) => fold(w).split(" "));
  /** An infinitive by its ending, a clitic joined to it or not ("brancher", "conectarlo", "attaccarci"). */
  const isInfinitive = (word: string) =>
    word.length >= 4 &&
    // "pour l'escalier": an article written joined to a noun.
    !word.includes("'") &&
    (infinitivePurpose?.endings ?? []).some(
      (e) =>
        word.endsWith(e) ||
        (infinitivePurpose?.clitics ?? []).some((c) =>
          word.endsWith(`${e.length > 2 ? e.slice(0, -1) : e}${c}`),
        ),
    );
  /**
   * A word that joins what comes before it to what comes after ("to", "que", "a", "zu"): an
   * article, a preposition, a conjunction, a pronoun, or a word that opens a purpose or a reason.
   */
  const joinsOn = (word: string) => {
    const sense = lexicon.senses(word);
    return (
      reasonLinks.has(word) ||
      word === infinitivePurpose?.particle ||
      purposeStarts.some((start) => start.length === 1 && start[0] === word) ||
      (!!sense &&
        (!!sense.article ||
          !!sense.preposition ||
          !!sense.conjunction ||
          !!sense.pronoun ||
          !!sense.partitive ||
          sense.cues.has("to") ||
          sense.cues.has("by")))
    );
  };
  /** "anzuschließen": the particle inside an infinitive. */
  const particleInside = (word: string, particle: string) =>
    word.length >= 8 && word.endsWith("en") && word.slice(2, -2).includes(particle);
  /**
   * Where a purpose said with an infinitive begins among a sentence's folded words ("… pour y
   * brancher mon chargeur", "… um es mit dem Ladegerät zu verbinden"), or -1.
   */
  function purposeWithInfinitive(words: string[]): number {
    if (!infinitivePurpose) return -1;
    const { between = [], particle } = infinitivePurpose;
    for (let i = 1; i < words.length; i++) {
      const start = purposeStarts.find((s) => s.every((w, k) => words[i + k] === w));
      if (!start) continue;
      let next = i + start.length;
      if (particle) {
        if (words.slice(next).some((w) => w === particle || particleInside(w, particle))) return i;
        continue;
      }
      if (between.includes(words[next] ?? "")) next++;
      if (isInfinitive(words[next] ?? "")) return i;
    }
    return -1;
  }
  /** Words written without their apostrophe ("l", "po", "cant"), folded, each to the word with it. */
  const lostApostrophes = new Map(
    (grammar.apostrophesLost ?? []).map((w) => [fold(w).replace(/'/g, ""), fold(w)] as const),
  );
  /** Of those, the elided articles and prepositions ("l'", "dell'"): only before a vowel or an "h". */
  const elisions = new Set(
    [...lostApostrophes.values()].filter((whole) => {
      const sense = whole.endsWith("'") ? lexicon.senses(whole) : undefined;
      return !!sense && (sense.article || sense.preposition);
    }),
  );
  /** The grammar's one-word conjunctions ("und", "en"): what joins two places. */
  const conjunctionWords = new Set(grammar.conjunctions.map(fold).filter((w) => w && !w.includes(" ")));
  /** Letters written for one a keyboard lacks ("ae" for "ä") put back. */
  const transliterate = createTransliteration(grammar);
  const pausedWords = grammar.pausedCorrections ?? grammar.corrections ?? [];
  const paused = pausedWords.length
    ? new RegExp(`^[¡¿"']*(?:(?:${alternation(pausedWords)})\\s*[,.;:!?…–—-]+\\s*)+(?<rest>\\S.*)$`, "u")
    : undefined;
  /** A correction word said first, pause or not (folded): "no the kitchen one" → "the kitchen one". */
  const correctionFirst = pausedWords.length
    ? new RegExp(`^(?:${alternation(pausedWords)})\\s+(?<rest>\\S.*)$`)
    : undefined;
  /** Letters without their accents, lower case, the punctuation kept: where a pause is written. */
  const lowerCase = (sentence: string) =>
    sentence.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim();

  /**
   * "no, turn it down", "non, éteins la lumière": the command after a correction, when it starts
   * with a verb ("turn", "éteins"), never with a word that may say what is not wanted: a
   * comparative ("no more light": "more" is also "up"), "no need to".
   */
  function afterCorrection(sentence: string): string | undefined {
    // With the pause written ("no, more light"), the rest is a sentence of its own: "no more
    // light" without it wants none.
    const afterPause = paused?.exec(lowerCase(sentence))?.groups?.rest;
    if (afterPause) return afterPause;
    const found = correction?.exec(withoutWakeWord(fold(sentence)))?.groups;
    if (grammar.infinitiveAfterCorrectionForbids && found && isInfinitive(found.first!)) return undefined;
    if (grammar.correctionsBeforeJoinedPronoun) {
      // "bájale", not "baja" (also "it lowers") nor "bajarle" (an infinitive, said to forbid).
      const joined = found && !isInfinitive(found.first!) && lexicon.split(found.first!)[0] !== found.first;
      return joined ? found.rest : undefined;
    }
    const sense = found && lexicon.senses(found.first!);
    if (sense && CORRECTED.some((cue) => sense.cues.has(cue))) return found.rest;
    // "no abbassa il volume": a verb of up or down, where the grammar tells its comparatives and
    // particles ("più", "su") apart, which may say what is not wanted ("no più luce").
    const wayVerb =
      sense &&
      comparativeWords.size > 0 &&
      (sense.cues.has("up") || sense.cues.has("down")) &&
      !comparativeWords.has(found.first!) &&
      !particleWords.has(found.first!) &&
      !aloneExcept.has(found.first!);
    return wayVerb ? found.rest : undefined;
  }

  /**
   * Whether a template's name holds a word that acts, outside the names it contains. `asked`: the
   * name a question asks about, where a kind's word is the thing asked of, though the same word
   * may command ("la porta è chiusa": the door, not "bring").
   */
  function holdsAVerb(name: string, lookup: (words: string) => Spotted | undefined, asked = false): boolean {
    return holds(name, lookup, ACTING, asked);
  }

  /** A name's words as the lexicon reads them ("l'interrupteur": "l'", "interrupteur"). */
  const wordsOf = (name: string) =>
    fold(name)
      .split(" ")
      .flatMap((w) => lexicon.split(w));

  const ceilingWords = grammar.ceiling.map(fold);
  /** The one-word kinds a compound may end with ("steckdose" of "Küchensteckdose"). */
  const compoundKindEnds = Object.values(grammar.kinds)
    .flat()
    .map(fold)
    .filter((w) => w && !w.includes(" "));
  const endsCompound = (word: string, end: string) => word.length > end.length + 2 && word.endsWith(end);
  const powerSaid = grammar.powerSupply?.length
    ? new RegExp(`(?:^|[\\s'])(?:${alternation(grammar.powerSupply.map(fold))})(?=\\s|$)`)
    : undefined;
  /**
   * The words that say a time (`later`): its units ("minutes", "hora") and its one-word times
   * ("tomorrow", "tonight"); prepositions ("in", "per") are said of anything.
   */
  const timeWords = new Set(
    [...grammar.later.units, ...grammar.later.words].map(fold).filter((phrase) => !phrase.includes(" ")),
  );
  const numbers = new Set(numberWords(grammar).map(([word]) => fold(word)));
  /**
   * What a template's name says by a kind's word, outside the names it contains: a cover ("la
   * persiana de la luz", "les stores"), else a light by its kind or where it hangs ("luz del
   * techo", "plafón"), else a player ("the radio", "la tele"), else none of them.
   */
  function kindSaid(
    name: string,
    lookup: (words: string) => Spotted | undefined,
  ): "cover" | "light" | "player" | undefined {
    const words = wordsOf(name);
    const spans = spotNames(words, lookup);
    let light = false;
    let player = false;
    for (let i = 0; i < words.length; i++) {
      if (inName(spans, i)) continue;
      // "plafonier" says "plafoniera" too (ceiling.ts).
      if (onCeiling(ceilingWords)(words[i]!)) light = true;
      for (let n = Math.min(lexicon.startingWith(words[i]!), words.length - i); n >= 1; n--) {
        const kind = lexicon.senses(joinWords(words.slice(i, i + n)))?.kind;
        if (kind && COVER_KINDS.has(kind)) return "cover";
        if (kind === "light") light = true;
        if (kind === "media_player" || kind === "tv") player = true;
      }
    }
    return light ? "light" : player ? "player" : undefined;
  }

  /** Whether a template's name holds one of `cues`, outside the names it contains. */
  function holds(
    name: string,
    lookup: (words: string) => Spotted | undefined,
    cues: readonly Cue[],
    kindsAreThings = false,
  ): boolean {
    const words = wordsOf(name);
    if (!lexicon.mayHold(words, cues)) return false;
    const spans = spotNames(words, lookup);
    for (let i = 0; i < words.length; i++) {
      if (inName(spans, i)) continue;
      for (let n = Math.min(lexicon.startingWith(words[i]!), words.length - i); n >= 1; n--) {
        const sense = lexicon.senses(joinWords(words.slice(i, i + n)));
        if (!sense || sense.preposition || (kindsAreThings && sense.kind)) continue;
        const acts = (cue: Cue) =>
          sense.cues.has(cue) || (i === 0 && sense.first.has(cue) && !VERB_ONLY_FIRST.has(cue));
        if (cues.some(acts)) return true;
      }
    }
    return false;
  }

  /**
   * "volet de moitié", "tapparella della metà": a name that holds half said "by" (`halves`), a
   * share of where something is now, outside the names it contains.
   */
  function holdsHalfBy(name: string, lookup: (words: string) => Spotted | undefined): boolean {
    const words = wordsOf(name);
    const spans = spotNames(words, lookup);
    let byBefore = false;
    for (let i = 0; i < words.length; i++) {
      if (inName(spans, i)) {
        byBefore = false;
        continue;
      }
      for (let n = Math.min(lexicon.startingWith(words[i]!), words.length - i); n >= 1; n--) {
        const sense = lexicon.senses(joinWords(words.slice(i, i + n)));
        if (!sense) continue;
        if (sense.half === "by" || (sense.half === "word" && byBefore)) return true;
      }
      byBefore = !!lexicon.senses(words[i]!)?.cues.has("by");
    }
    return false;
  }

  /**
   * "le luci si sono spente", "les lumières se sont éteintes": a copula begun inside the name a
   * template took ("luci si") and ended by the template's own word ("sono"). What happened is told;
   * no device is called "luci si".
   */
  function copulaAtNameEnd(sentence: string, name: string): boolean {
    const said = wordsOf(sentence);
    const named = wordsOf(name);
    for (let at = said.indexOf(named[0]!); at >= 0; at = said.indexOf(named[0]!, at + 1)) {
      const end = at + named.length;
      if (end >= said.length || named.some((w, k) => said[at + k] !== w)) continue;
      for (let start = Math.max(at, end - lexicon.longest + 1); start < end; start++) {
        for (let stop = end + 1; stop <= Math.min(said.length, start + lexicon.longest); stop++) {
          if (lexicon.senses(joinWords(said.slice(start, stop)))?.cues.has("copulas")) return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether a template's name is only the grammar's own small words ("es zu" of "ist es zu
   * hell?"): it names nothing. A pronoun alone ("is it on") is what was named before.
   */
  function namesNothing(name: string, lookup: (words: string) => Spotted | undefined): boolean {
    const words = wordsOf(name);
    if (words.length < 2 || spotNames(words, lookup).length) return false;
    const senses = words.map((w) => lexicon.senses(w));
    const small = (s: WordSense | undefined) =>
      !!s && !s.kind && !s.here && !s.home && !s.everything && (s.pronoun || s.article || s.cues.size > 0);
    return senses.every(small) && senses.some((s) => !s?.pronoun && !s?.article);
  }

  return {
    /**
     * What follows a correction said first, whatever it is ("no, the kitchen one" → "the kitchen
     * one"), folded; undefined when the sentence starts with none. For answers to our questions.
     */
    afterCorrectionWord: (sentence: string): string | undefined =>
      correctionFirst?.exec(fold(sentence))?.groups?.rest,
    /** The templates' reading alone: enough to tell a question, with no home to look at. */
    question(said: string): FastMatch | undefined {
      const sentence = wishInOrder(said);
      const asked = clock(sentence);
      const match = asked?.guessed ? (templates(sentence) ?? asked) : (asked ?? templates(sentence));
      return match && QUESTIONS.has(match.intent) ? match : undefined;
    },
    /**
     * Both readings, with the home's names: the one `PRECEDENCE` takes, or none; after a
     * correction ("no, turn it down"), the command alone.
     */
    understand(said: string, homeNames: (words: string) => Spotted | undefined): Understood | undefined {
      // "the volume's too low": a noun of the grammar and its copula, written as one.
      const sentence = wishInOrder(withCopula(said) ?? said);
      if (hushOnly?.test(fold(sentence))) return undefined;
      const lookup = withPlurals(homeNames);
      const understood = understandSentence(sentence, lookup);
      // "is only the desk lamp on": asked of every other device too, which no answer here reads.
      // "¿debería apagar la luz?": what the speaker should do, asked; not what they ask for. A
      // question is still one ("debo saber la hora").
      const asked = selfAsk?.exec(fold(sentence))?.groups?.verb;
      if (
        understood &&
        !QUESTIONS.has(understood.match.intent) &&
        asked &&
        isInfinitive(asked) &&
        !selfAskNot.has(asked)
      )
        return undefined;
      // "are the kitchen lights all on", "sind beide Lampen an": "all" or "both" left inside the
      // name (one said first is read) asks of each one, which a name's answer would not; "not"
      // inside it asks the other way, never of a device named so.
      if (
        understood &&
        STATE_QUESTIONS.has(understood.match.intent) &&
        (only?.test(fold(sentence)) ||
          (understood.match.name !== undefined &&
            (each.test(understood.match.name.replace(wholeHomeSaid, " ")) ||
              negated.test(understood.match.name))))
      )
        return undefined;
      // "cut the power in the kitchen", "quita la corriente de la cocina": the power of a place
      // may be its plugs, or everything there; never its lights alone, as the room said bare is.
      if (understood && SWITCHING.has(understood.match.intent)) {
        const power = powerOf(sentence, understood, lookup);
        if (power === "place") return undefined;
        if (power === "unknown") return { ...understood, match: { ...understood.match, powered: true } };
      }
      return understood;
    },
  };

  /**
   * Whose power a word of power supply is said of: a device or a kind (undefined: as any command),
   * a place or nothing ("place"), or a name the home does not know by itself, which only a device
   * it names may answer ("unknown": "the printer", for the Printer Plug).
   */
  function powerOf(
    sentence: string,
    understood: Understood,
    lookup: (words: string) => Spotted | undefined,
  ): "place" | "unknown" | undefined {
    if (!powerSaid || !powerSaid.test(fold(sentence))) return undefined;
    if (understood.match.kind) return undefined;
    const name = understood.match.name;
    if (name === undefined) return "place";
    const words = wordsOf(name);
    const spans = spotNames(words, lookup);
    if (spans.some((span) => span.spotted.type !== "place")) return undefined;
    // "the power point", "la toma de corriente": a kind said, in one word or more; or joined to its
    // place as one ("Küchensteckdose").
    if (someSense(words, (sense) => !!sense.kind || !!sense.everything)) return undefined;
    if (
      grammar.compounds &&
      words.length === 1 &&
      compoundKindEnds.some((end) => endsCompound(words[0]!, end))
    )
      return undefined;
    return spans.length ? "place" : "unknown";
  }

  /** Whether a word or phrase the lexicon knows among `words` (at its first word's index) passes `test`. */
  function someSense(words: string[], test: (sense: WordSense, at: number) => boolean): boolean {
    for (let i = 0; i < words.length; i++) {
      for (let n = Math.min(lexicon.startingWith(words[i]!), words.length - i); n >= 1; n--) {
        const sense = lexicon.senses(joinWords(words.slice(i, i + n)));
        if (sense && test(sense, i)) return true;
      }
    }
    return false;
  }

  /**
   * "spenga le luci di tutti i bagni", "in allen Badezimmern": a place said in the plural by this
   * language's endings (`plurals`), one word at a time, is that place; the home's names are
   * spotted in the plural by "s" and "es" alone. Only places: "luci" is never a device "luco".
   */
  function withPlurals(
    lookup: (words: string) => Spotted | undefined,
  ): (words: string) => Spotted | undefined {
    const endings = grammar.plurals ?? [];
    if (!endings.length) return lookup;
    // Each run of words is asked for again by every reading of the sentence: answered once.
    const seen = new Map<string, Spotted | undefined>();
    return (words) => {
      if (seen.has(words)) return seen.get(words);
      let spotted = lookup(words);
      if (!spotted && words.split(" ").length <= MAX_PLURAL_PLACE_WORDS)
        for (const one of singulars(words, endings)) {
          const place = lookup(one);
          if (place?.type === "place") {
            spotted = { type: "place", as: place.as ?? one };
            break;
          }
        }
      seen.set(words, spotted);
      return spotted;
    };
  }

  /** The sentence read as said, after its correction, and respelt where a word for now was misspelt. */
  function understandSentence(
    sentence: string,
    lookup: (words: string) => Spotted | undefined,
  ): Understood | undefined {
    // "apagué la luz": what was done, told; folded, it would be a polite command ("apague").
    if (reported?.test(sentence.normalize("NFC").toLowerCase())) return undefined;
    if (accentedOther(sentence, lookup)) return undefined;
    if (pastFirst(sentence) || toldLast(sentence) || fromPlace(sentence, lookup)) return undefined;
    // The correction is no part of the command: a template would take it for a name's words.
    const said = afterCorrection(sentence) ?? sentence;
    const understood = understandWhole(said, lookup);
    // "what time is it rigth now", "wie spät ist es jetz": a word for now written one letter
    // wrong was read as another place or day. Only such a word is respelt here: a place's name one
    // slip from another word of the grammar stays a place ("in india" is not "in indica"). So is
    // a place only guessed from where its words stand ("waht time is it": "tokyo time"), where
    // its word is a slip the clock reads.
    if (understood?.by === "question" && understood.match.about !== undefined) {
      const { about, guessed } = understood.match;
      const guessedWords = guessed ? new Set(about.split(" ")) : new Set<string>();
      const respelt = respelled(
        said,
        lookup,
        (meant, word) =>
          nowWords.has(meant) || (word !== undefined && guessedWords.has(word) && clockSlip(word, meant)),
      );
      const again = respelt === undefined ? undefined : understandWhole(respelt, lookup);
      if (
        again?.by === "question" &&
        again.match.intent === understood.match.intent &&
        again.match.about === undefined
      )
        return again;
    }
    // "Helligkeit im Flur erhoehen": a question's template took for its name a word that,
    // respelt, is a command's verb ("erhöhen"), which no question's name holds; no name of the
    // home is respelt.
    if (
      understood?.by === "question" &&
      understood.match.name !== undefined &&
      lookup(understood.match.name) === undefined
    ) {
      const respelt = respelled(said, lookup);
      const again = respelt === undefined ? undefined : understandWhole(respelt, lookup);
      if (again?.by === "certain reading") return again;
    }
    if (!understood || (understood.by !== "certain reading" && understood.by !== "question")) {
      // "trun off the lights", "waht time is it": a slip of one letter, read as the word it can
      // only be, when the sentence is then read for certain; a name is never respelt.
      const respelt = respelled(said, lookup);
      const again = respelt === undefined ? undefined : understandWhole(respelt, lookup);
      if (again?.by === "certain reading" || (again?.by === "question" && !CLOCK.has(again.match.intent)))
        return again;
      // "dimezza un po": a name that is only words written without their apostrophe ("po" of
      // "po'") is those words, no device's: the sentence is read as respelt, or not at all.
      if (
        understood?.by === "reading with an unknown name" &&
        respelt !== undefined &&
        understood.match.name?.split(" ").every((w) => lostApostrophes.has(w))
      )
        return again;
      // "what date is thanksgiving", "is it showtime": a word cut in two ("thanks giving", "show
      // time") names an event, which the home's clock cannot tell; its question is read only of
      // words respelt one by one, each by a slip the clock reads ("quelle heurt est-il" asks no time).
      if (again?.by === "question") {
        const whole = respelled(
          said,
          lookup,
          (meant, word) => !meant.includes(" ") && (word === undefined || clockSlip(word, meant)),
        );
        const read = whole === undefined ? undefined : understandWhole(whole, lookup);
        if (read?.by === "question") return read;
      }
      // "turn the kitchen light off quickly", "sube el volumen ya mismo": a last word nobody knows,
      // standing apart from every name, changes nothing of a plain command.
      const shorter = withoutLastStrayWord(said, lookup);
      const read = shorter === undefined ? undefined : understandWhole(shorter, lookup);
      if (read?.by === "certain reading" && STRAY_WORD_CHANGES_NOTHING.has(read.match.intent)) return read;
      // A template that took the remark into its name ("ich bin müde mach das Licht aus": "ich bin
      // müde mach das Licht") read no name as said: the remark may still stand apart.
      // So may a command after a word that leads on to it ("i'm on the phone so please mute the
      // music"), where a name nobody has was read across that word.
      const besideTried =
        !understood ||
        understood.by === "template, unquoted" ||
        (understood.by === "reading with an unknown name" && saysLeadingOn(said));
      const beside =
        commandBesideClauses(said, lookup) ??
        (besideTried ? commandAfterUnmarkedClause(said, lookup) : undefined);
      if (beside) return beside;
    }
    return understood;
  }

  /**
   * "es ist schon spät mach das Licht im Flur aus", "het is al laat doe het licht uit": a remark
   * before the command with no punctuation between, as speech-to-text often writes it. Each word
   * that begins a command (a verb of the grammar) is tried as where the command begins, as if a
   * comma stood before it (`commandBesideClauses`, which holds the rest to saying nothing of the
   * home). The first that stands is taken. Only of a sentence nothing else read.
   */
  function commandAfterUnmarkedClause(
    said: string,
    lookup: (words: string) => Spotted | undefined,
  ): Understood | undefined {
    if (CLAUSE_BREAK.test(said)) return undefined;
    const words = said.trim().split(/\s+/);
    for (let k = FEWEST_CLAUSE_WORDS; k <= words.length - FEWEST_CLAUSE_WORDS; k++) {
      // "spegnila", "apágala": a verb with its pronoun joined begins a command as the verb does.
      const sense = lexicon.senses(fold(words[k]!)) ?? lexicon.senses(lexicon.split(fold(words[k]!))[0]!);
      if (!sense || !(sense.first.size || COMMAND_STARTS.some((cue) => sense.cues.has(cue)))) continue;
      const onSubject = commandOnSubject(words.slice(0, k), words.slice(k).join(" "), lookup);
      if (onSubject) return onSubject;
      // "tu as baissé le plafonnier": a participle, whose last accent folding drops, after an
      // auxiliary; never a command begun.
      if (/\p{M}$/u.test(words[k]!.normalize("NFD")) || auxiliaries.has(fold(words[k - 1]!))) continue;
      // "i am showing off the kitchen lights": a particle after a word the grammar does not know
      // is that word's, no command begun.
      if (verbParticles.has(fold(words[k]!)) && !lexicon.senses(fold(words[k - 1]!))) continue;
      // The remark is a statement of its own ("es ist spät", "il fait nuit"): never words that may
      // begin a name ("de plafondlamp in de slaapkamer aan"), nor a command of its own ("sube el
      // volumen y baja la luz" is two).
      const remark = words.slice(0, k).join(" ");
      const ofSelf = toldOfSelf(remark);
      if (
        !(ofSelf || leadsOn(remark) || holds(remark, lookup, ["copulas"])) ||
        holds(remark, lookup, COMMAND_WAYS)
      )
        continue;
      // "it's my husband who said turn off the lights": a clause inside the remark, what someone
      // said or what a thing is called, runs on into the words after it.
      if (holdsSubordinator(remark)) continue;
      // "sono stanco hai spento la luce", "ho già spento …": a participle after a remark tells
      // what was done, no command begun. What one tells of oneself runs on into what follows when
      // it ends in a word that joins the two ("tengo que recordar apagar la luz"), when what
      // follows begins with an infinitive, when it holds a verb of the grammar itself ("how to
      // turn | off the light") or goes on (`runsOn`). Only an imperative begins a command apart.
      // (After a remark of things, "il est temps d'éteindre la lumière" asks for it.)
      if (
        participleFirst(fold(words[k]!)) ||
        stateWordsAsWritten.has(words[k]!.toLowerCase()) ||
        (ofSelf &&
          (joinsOn(fold(words[k - 1]!)) ||
            isInfinitive(fold(words[k]!)) ||
            holds(remark, lookup, ["verbs"]) ||
            runsOn(remark)))
      )
        continue;
      // "i'm in bed turn off the light", "sono in giardino accendi la luce": where one is, told
      // in words the home does not know, says which light is meant; only a command that names
      // its own is read ("i'm on the phone, mute the music" is no place).
      const command = words.slice(k).join(" ");
      const commandWords = wordsOf(command);
      if (
        ofSelf &&
        wordsOf(remark).some((w) => placePrepositions.has(w)) &&
        !spotNames(commandWords, lookup).length &&
        someSense(
          commandWords,
          (sense) => sense.kind === "light" || sense.cues.has("lightOn") || sense.cues.has("lightOff"),
        )
      )
        continue;
      // "le volume est plus fort", "la música se está poniendo más fuerte": what follows a copula
      // says how a thing is, no command begun.
      const remarkWords = wordsOf(remark);
      const endsInCopula = [1, 2, 3].some(
        (n) =>
          n <= remarkWords.length && !!lexicon.senses(joinWords(remarkWords.slice(-n)))?.cues.has("copulas"),
      );
      if (endsInCopula) continue;
      // The command names what it is about ("mach das Licht im Flur aus"): "down that", "más alto"
      // alone may be the rest of the remark.
      // After a word that leads on to it ("so", "also"), the command is plainly apart.
      if (!leadsOn(remark) && saysNothingOfTheHome(command, lookup)) continue;
      const read = commandBesideClauses(`${remark}, ${command}`, lookup);
      if (read) return read;
    }
    return undefined;
  }

  /**
   * "the kitchen plug is still on turn it off", "die Lichter im Wohnzimmer sind noch an schalte sie
   * aus": how a thing is, told, then a command of it by a pronoun. The command is read with the
   * told thing in the pronoun's place, when what is told names it (a device, a kind, a place)
   * before its one copula, says nothing else of the home after it, and the command then reads the
   * same way for certain.
   */
  function commandOnSubject(
    remark: string[],
    command: string,
    lookup: (words: string) => Spotted | undefined,
  ): Understood | undefined {
    const read = understandAsSaid(command, lookup);
    const pronoun = read?.by === "certain reading" ? read.match.name : undefined;
    if (pronoun === undefined || !pronounWords.has(fold(pronoun))) return undefined;
    const at = remark.findIndex((w) => copulaOfNow(fold(w)));
    if (at < 1 || remark.slice(at + 1).some((w) => copulaOfNow(fold(w)))) return undefined;
    // As said, accents and all: a name is looked up as written ("die Küchensteckdose").
    const subject = remark.slice(0, at).join(" ");
    const subjectWords = wordsOf(subject);
    const named =
      spotNames(subjectWords, lookup).length > 0 ||
      someSense(subjectWords, (sense) => !!sense.kind) ||
      // "die Küchensteckdose": a kind joined to its place as one word.
      (!!grammar.compounds && subjectWords.some((w) => compoundKindEnds.some((end) => endsCompound(w, end))));
    if (!named || !saysNothingOfTheHome(remark.slice(at + 1).join(" "), lookup)) return undefined;
    // "apágala", "spegnila": a pronoun joined to its verb is put in its place as well.
    const one = fold(pronoun);
    let replaced = false;
    const said = command.split(" ").flatMap((word) => {
      const parts = lexicon.split(fold(word));
      if (replaced || !parts.includes(one)) return [word];
      replaced = true;
      return parts.map((part) => (part === one ? subject : part));
    });
    if (!replaced) return undefined;
    const again = understandAsSaid(said.join(" "), lookup);
    const certain = again?.by === "certain reading" || again?.by === "template";
    return certain && again!.match.intent === read!.match.intent ? again : undefined;
  }

  /**
   * The sentence with "'s" after a word the grammar knows ("volume's", "music's") written as that
   * word and the copula (`joinedCopula`), or undefined when there is none.
   */
  function withCopula(said: string): string | undefined {
    const copula = grammar.joinedCopula;
    if (!copula) return undefined;
    let changed = false;
    const isNoun = (word: string | undefined) => {
      const sense = word === undefined ? undefined : lexicon.senses(fold(word));
      return !!sense && (!!sense.kind || NOUNS.some((cue) => sense.cues.has(cue)));
    };
    const respelt = said.replace(
      /(\p{L}+)['’]s(?![\p{L}'’])(?=\s*(\p{L}*))/gu,
      (whole, word: string, next: string) => {
        // Only a noun, and not one said of the next ("the speaker's volume"): "let's", "what's",
        // "that's" are read as said.
        if (!isNoun(word) || isNoun(next)) return whole;
        changed = true;
        return `${word} ${copula}`;
      },
    );
    return changed ? respelt : undefined;
  }

  /**
   * "i'm going to read, switch on the reading lamp", "dim the lights a bit, we're watching a
   * film": a command said beside a clause of its own, set apart by punctuation, as speech-to-text
   * writes it. The command, read alone for certain, stands when it is the only one and every other
   * clause names no device, place or kind and says no "not", "if", "except" or correction: those
   * could change what is meant ("…, not the kitchen", "…, and the hall too").
   */
  function commandBesideClauses(
    said: string,
    lookup: (words: string) => Spotted | undefined,
  ): Understood | undefined {
    // "la música está muy alta, ¿verdad?": a sentence that asks is read as asked, whole.
    if (/[?¿]/.test(said)) return undefined;
    const clauses = said
      .split(CLAUSE_BREAK)
      .map((c) => c.trim())
      .filter((c) => fold(c).length > 0);
    if (clauses.length < 2 || clauses.length > MOST_CLAUSES) return undefined;
    if (clauses.some((c) => fold(c).split(" ").length < FEWEST_CLAUSE_WORDS)) return undefined;
    // Looked at the cheap way first: a clause with no verb ("buenas noches, la luz de la cocina")
    // is no command beside another, so it must say nothing of the home, nor ask the clock.
    const verbs = clauses.map((clause) => holdsAVerb(clause, lookup));
    for (const [i, clause] of clauses.entries()) {
      if (!verbs[i] && (!saysNothingOfTheHome(clause, lookup) || clock(clause))) return undefined;
    }
    let command: Understood | undefined;
    for (const [i, clause] of clauses.entries()) {
      if (!verbs[i]) continue;
      const read = understandWhole(clause, lookup);
      if (read?.by === "certain reading") {
        if (command) return undefined;
        command = read;
      } else if (read?.by === "question" || !saysNothingOfTheHome(clause, lookup)) return undefined;
    }
    return command;
  }

  /**
   * Whether a clause names no device, place or kind, says no negation, condition or correction,
   * and no time ("en una hora y diez minutos, apaga la luz" is a command for later).
   */
  function saysNothingOfTheHome(clause: string, lookup: (words: string) => Spotted | undefined): boolean {
    const words = wordsOf(clause);
    if (words.some((w) => /\d/.test(w) || timeWords.has(w) || numbers.has(w))) return false;
    if (spotNames(words, lookup).length) return false;
    if (holds(clause, lookup, ["negations", "none"])) return false;
    if (correction?.test(`${fold(clause)} .`)) return false;
    return !someSense(
      words,
      (sense, at) =>
        !!sense.kind ||
        !!sense.here ||
        !!sense.home ||
        !!sense.everything ||
        !!sense.quantifier ||
        (!!sense.conjunction && at === 0),
    );
  }

  /**
   * Whether the sentence starts with a verb of the grammar in the past ("turned off the lights",
   * "dimmed the kitchen light", "drehte die Musik leiser", "draaide het volume hoger"), with a
   * state word where that tells (`stateWordFirstTells`: "acceso la luce"), with an auxiliary
   * before a verb (`auxiliariesFirst`: "a allumé la lumière"), or with a word that tells before an
   * article (`toldFirst`: "aangezet de lamp"; `participle`: "bajado el volumen"): what was done, told; no command
   * starts so. The verb is the word without a past ending (`pastEndings`), a doubled last
   * letter made single ("dimmed": "dim").
   */
  function pastFirst(sentence: string): boolean {
    const [first = "", next] = cleaned(fold(sentence)).split(" ");
    if (statesFirst.has(first)) return true;
    if (auxiliaries.has(first) && next !== undefined) {
      const verb = lexicon.senses(next);
      if (verb && PAST_OF.some((cue) => verb.cues.has(cue))) return true;
    }
    if (toldFirst.has(first) && next !== undefined && lexicon.senses(next)?.article) return true;
    // "abbassato il volume", "ausgeschaltet das Licht": a participle before what it was done to.
    if (next !== undefined && lexicon.senses(next)?.article && participleFirst(first)) return true;
    // "aanzetten", "zetten": the infinitive, which asks as well.
    if (verbOf(first, "en")) return false;
    // A word the grammar knows tells only before what it was done to ("muted the speaker"); alone,
    // it is that word ("stilte graag": silence).
    const known = lexicon.senses(first) !== undefined;
    if (known && !(next !== undefined && lexicon.senses(next)?.article)) return false;
    return pastEndings.some((ending) => verbOf(first, ending));
  }

  /** Whether `word` is a verb of the grammar with a past ending (`pastEndings`) or an infinitive's taken off. */
  function verbOf(word: string, ending: string): boolean {
    if (!word.endsWith(ending) || word.length < ending.length + 2) return false;
    const stem = word.slice(0, -ending.length);
    const single = stem.at(-1) === stem.at(-2) ? stem.slice(0, -1) : stem;
    return [stem, single].some((verb) => {
      const sense = lexicon.senses(verb);
      return !!sense && PAST_OF.some((cue) => sense.cues.has(cue));
    });
  }

  /**
   * Whether the sentence is what it names, with its article first, and a participle last
   * ("the volume increased", "the lights turned off", "die Lautstärke erhöht", "el volumen
   * subido", "le volume augmenté"): what happened, told; no command. A state word is no
   * participle here: "la luce spenta" asks for the light off, as "the lights off" does.
   */
  function toldLast(sentence: string): boolean {
    const words = fold(sentence).split(" ");
    if (words.length < 3 || !lexicon.senses(words[0]!)?.article) return false;
    const said = (word: string, cues: readonly Cue[]) => {
      const sense = lexicon.senses(word);
      return !!sense && cues.some((cue) => sense.cues.has(cue));
    };
    // "turned off", "turned down": the participle before its particle.
    const at = said(words.at(-1)!, WAYS_AFTER) && words.length > 3 ? [words.length - 2] : [words.length - 1];
    // "augmenté": French folds its participle into its imperative; the accent as written tells.
    const written = wordsAsWritten(sentence);
    const accented = grammar.participleAccented;
    return at.some((i) => {
      const word = words[i]!;
      // A state word is what is wished for ("la luce spenta"), as "the lights off" is.
      if (said(word, ["on", "off"])) return false;
      // Or, after a copula of now, how it is, said or asked: "la puerta del garaje está cerrada".
      if (stateWords.has(word) && words.slice(1, i).some(copulaOfNow)) return false;
      // Only what it names stands between the article and it: "the volume should be raised" asks.
      if (
        words.slice(1, i).some((w) => {
          const sense = lexicon.senses(w);
          return (
            !!sense && !sense.article && !sense.preposition && [...sense.cues].some((cue) => !NAMED.has(cue))
          );
        })
      )
        return false;
      if (pastEndings.some((ending) => verbOf(word, ending))) return true;
      if (participleFirst(word, true)) return true;
      const asWritten = written.length === words.length ? written[i] : undefined;
      return (
        !!accented &&
        asWritten !== undefined &&
        accented.some((ending) => asWritten.endsWith(ending)) &&
        said(word, PAST_OF)
      );
    });
  }

  /**
   * Whether a word for off that is also "from" (`fromWays`: "aus", "uit") stands before an article
   * and a place that ends the sentence, with no other word for on or off ("Licht aus der Küche"):
   * where something comes from, said; no light is switched off. "Licht in der Küche jetzt aus", "mach
   * das Licht aus der Küche aus" say off.
   */
  function fromPlace(sentence: string, lookup: (words: string) => Spotted | undefined): boolean {
    if (!fromWords.size) return false;
    const words = cleaned(fold(sentence)).split(" ");
    const way = (word: string) => {
      const sense = lexicon.senses(word);
      return !!sense && (sense.cues.has("on") || sense.cues.has("off"));
    };
    return words.some((word, i) => {
      if (!fromWords.has(word)) return false;
      let at = i + 1;
      while (at < words.length && lexicon.senses(words[at]!)?.article) at++;
      if (at === i + 1 || at >= words.length) return false;
      if (lookup(words.slice(at).join(" "))?.type !== "place") return false;
      return !words.some((other, k) => k !== i && way(other));
    });
  }

  /**
   * Whether `word` is a participle of a verb of the grammar (`participle`: "bajado", "ausgeschaltet").
   * `infixOptional`: also without its infix, as a verb with an inseparable prefix makes it ("erhöht").
   */
  function participleFirst(word: string, infixOptional = false): boolean {
    const made = grammar.participle;
    if (!made) return false;
    if (participleWords.has(word)) return true;
    // Where the participle has an infix ("aus|ge|schaltet"), each place it may stand is tried.
    const stems: string[] = [];
    if (!made.infix || infixOptional) stems.push(word);
    for (let at = made.infix ? word.indexOf(made.infix) : -1; at >= 0; at = word.indexOf(made.infix!, at + 1))
      stems.push(word.slice(0, at) + word.slice(at + made.infix!.length));
    return stems.some((stem) =>
      made.endings.some(([ending, infinitive]) => {
        if (!stem.endsWith(ending) || stem.length < ending.length + 2) return false;
        const sense = lexicon.senses(stem.slice(0, -ending.length) + infinitive);
        return !!sense && PAST_OF.some((cue) => sense.cues.has(cue));
      }),
    );
  }

  /**
   * Whether a word of the sentence, outside the home's names, is written with an accent that makes
   * it another word than the grammar's ("aprì la luce", "alzò il volume", "apagó la luz":
   * what was done, told; folded, each would be a command).
   */
  function accentedOther(sentence: string, lookup: (words: string) => Spotted | undefined): boolean {
    const written = wordsAsWritten(sentence);
    const others = written.flatMap((word, i) => (spelling.accentedOther(word) ? [i] : []));
    if (!others.length) return false;
    const names = spotNames(written.map(fold), lookup);
    return others.some((i) => !inName(names, i));
  }

  /**
   * The sentence without its last word, when that word is one the grammar does not know, no
   * name's, no slip of a known word, and what stands before it names nothing: "the lights
   * quickly", never "the disco lights" or "in the attic". So too without whom it is said to
   * (`address`): "turn the volume up, dude", "éteins la lumière, mon pote".
   */
  function withoutLastStrayWord(
    said: string,
    lookup: (words: string) => Spotted | undefined,
  ): string | undefined {
    const words = fold(said).split(" ");
    // Whom it is said to is no name's word, unless the home has a name that ends so.
    const cut = addressed(words);
    if (cut) {
      if (words.length < cut + 2) return undefined;
      const spans = spotNames(words, lookup);
      return spans.some((s) => s.end > words.length - cut) ? undefined : words.slice(0, -cut).join(" ");
    }
    if (words.length < 3) return undefined;
    const last = words.at(-1)!;
    if (!/^\p{L}+$/u.test(last) || spelling.knows(last) || spelling.meant(last) !== undefined)
      return undefined;
    // "alza il volume abbassalo": a verb with a pronoun joined is a word the grammar knows, and
    // may ask the other way; left out, the first verb was done.
    if (lexicon.split(last)[0] !== last) return undefined;
    const spans = spotNames(words, lookup);
    if (spans.some((s) => s.end === words.length)) return undefined;
    // "turn on the bathroom heater": a word said right after a place is what is there, a device
    // the home may not have, never a stray word that leaves the place's lights. One right after a
    // device's name may end another's ("plafonnier verranda" for "Plafonnier Veranda", where
    // "plafonnier" is also the kitchen light's alias): the names decide, never the word dropped.
    if (spans.some((s) => s.end === words.length - 1)) return undefined;
    // A kind, an article, a preposition or a number before it makes it a name's word; so does a
    // word of "to" ("la lampada a stelo": a floor lamp, never the room's every lamp).
    const before = lexicon.senses(words.at(-2)!);
    if (
      before?.kind ||
      before?.article ||
      before?.preposition ||
      before?.quantifier ||
      before?.number !== undefined ||
      before?.cues.has("to")
    )
      return undefined;
    // "luce più debole", "rends les lumières plus foncées": what there is to be more or less of is
    // no stray word, when "more" alone says which way ("alza il volume ancora di più dai": the
    // verb says it).
    const directed = (w: string) =>
      !!lexicon.senses(w)?.cues.has("up") || !!lexicon.senses(w)?.cues.has("down");
    if (comparatives.has(words.at(-2)!) && !words.slice(0, -2).some(directed)) return undefined;
    // What is acted on is said before it ("allume roomba": the word is what to switch on).
    const rest = words.slice(0, -1);
    const named = spans.length > 0 || rest.some(isThing);
    return named ? rest.join(" ") : undefined;
  }

  /** How many of the last words say whom the sentence is said to (`address`), the longest; 0 for none. */
  function addressed(words: readonly string[]): number {
    for (const phrase of addressPhrases)
      if (
        phrase.length < words.length &&
        phrase.every((w, i) => words[words.length - phrase.length + i] === w)
      )
        return phrase.length;
    return 0;
  }

  /** Whether a word names a thing: a kind of device, a place, or what a device has (the volume). */
  function isThing(word: string): boolean {
    const sense = lexicon.senses(word);
    return (
      !!sense && (!!sense.kind || !!sense.here || !!sense.home || OBJECTS.some((cue) => sense.cues.has(cue)))
    );
  }

  /**
   * "alza laudio", "riduci lintensità": an elided article or preposition of `apostrophesLost`
   * written joined to the word after it, apostrophe and all lost ("l'audio"); only where the word
   * is none the grammar knows and what follows the elision, a vowel or an "h" first, is one it
   * knows or a name of the home.
   */
  function elisionJoined(word: string, lookup: (words: string) => Spotted | undefined): string | undefined {
    if (spelling.knows(word)) return undefined;
    for (const whole of elisions) {
      const elision = whole.slice(0, -1);
      const rest = word.slice(elision.length);
      if (!word.startsWith(elision) || rest.length < 3 || !/^[aeiouh]/.test(rest)) continue;
      if (spelling.knows(rest) || lookup(rest) !== undefined) return `${whole}${rest}`;
    }
    return undefined;
  }

  /** The words of `said` with each slip respelt, or undefined when none was. */
  function respelled(
    said: string,
    lookup: (words: string) => Spotted | undefined,
    /** Which words a slip may be read as (of `word`, where one word was misspelt): any of the grammar's, unless told. */
    allowed: (meant: string, word?: string) => boolean = () => true,
  ): string | undefined {
    // "alza l audio", "un po più forte", "i cant see": a word written without its apostrophe.
    let restored = 0;
    const asSaid = fold(said)
      .split(" ")
      .map((word, i, all) => {
        const whole = lostApostrophes.get(word);
        if (whole === undefined) {
          const joined = elisionJoined(word, lookup);
          if (joined !== undefined) restored++;
          return joined ?? word;
        }
        if (elisions.has(whole) && !/^[aeiouh]/.test(all[i + 1] ?? "")) return word;
        restored++;
        return whole;
      })
      // "lautstaerke runter", "licht im buero aus": a word the grammar or the home has, written
      // with the letters that stand for its own; never one the grammar knows as written.
      .map((word) => {
        if (!transliterate || spelling.knows(word) || !/^\p{L}+$/u.test(word)) return word;
        const written = transliterate(word);
        if (written === word || !allowed(written) || !(spelling.knows(written) || lookup(written)))
          return word;
        restored++;
        return written;
      })
      // "Lampen im Wohn- und Esszimmer an", "in de woon- en eetkamer": a place's first part said
      // alone, its head left to the place named after "and", is that place ("wohnzimmer").
      .map((word, i, all) => {
        if (!grammar.compounds || !conjunctionWords.has(all[i + 1] ?? "") || !/^\p{L}{3,}$/u.test(word))
          return word;
        const next = all[i + 2] ?? "";
        if (spelling.knows(word) || lookup(word) || lookup(next)?.type !== "place") return word;
        for (let k = 1; k <= next.length - 3; k++) {
          const whole = word + next.slice(k);
          if (!allowed(whole) || lookup(whole)?.type !== "place") continue;
          restored++;
          return whole;
        }
        return word;
      });
    // "schalte die steck dose ein", "zet het stop contact aan": a compound written with a space
    // too many is the one word; never inside a name of the home, which is looked up only then.
    // A place or a device of the home said so too: "im schlaf zimmer", "in de slaap kamer".
    const joinable = asSaid.map((word, i) => {
      const next = asSaid[i + 1];
      if (next === undefined) return undefined;
      const joined =
        spelling.joined(word, next) ??
        (grammar.compounds && /^\p{L}{3,}$/u.test(word) && /^\p{L}{3,}$/u.test(next) && lookup(word + next)
          ? word + next
          : undefined);
      return joined !== undefined && allowed(joined) ? joined : undefined;
    });
    const saidSpans = joinable.some((j) => j !== undefined) ? spotNames(asSaid, lookup) : [];
    const words: string[] = [];
    let joins = 0;
    for (let i = 0; i < asSaid.length; i++) {
      const joined = joinable[i];
      if (joined !== undefined && !inName(saidSpans, i) && !inName(saidSpans, i + 1)) {
        words.push(joined);
        joins++;
        i++;
      } else words.push(asSaid[i]!);
    }
    const meant = words.map((word, i) => {
      const m = spelling.meant(word);
      if (m === undefined || !allowed(m, word)) return undefined;
      // After an article stands a thing: "the lihgts" is "the lights", but "the movie" is no
      // "the move" (a verb there would make "the movie is too dark" a wish for light).
      const before = i > 0 ? lexicon.senses(words[i - 1]!) : undefined;
      return before?.article && !isThing(m) ? undefined : m;
    });
    // Most sentences have no slip: the home's names are looked up only for one that has.
    if (!joins && !restored && meant.every((m) => m === undefined)) return undefined;
    const spans = spotNames(words, lookup);
    let changed = joins;
    const respelt = words.map((word, i) => {
      if (meant[i] === undefined || inName(spans, i)) return word;
      changed++;
      return meant[i];
    });
    // Most of a sentence is as written: "sende das" is not "senke das".
    // An apostrophe put back is no slip: it changes no word.
    return (changed || restored) && changed * RESPELT_AT_MOST_ONE_IN <= asSaid.length
      ? respelt.join(" ")
      : undefined;
  }

  /** A sentence as said, its complaint, purpose or title aside: the reading `PRECEDENCE` takes. */
  function understandWhole(
    said: string,
    lookup: (words: string) => Spotted | undefined,
  ): Understood | undefined {
    const understood = understandAsSaid(said, lookup);
    if (understood?.by === "certain reading" || understood?.by === "question") return understood;
    const withComplaint = commandWithComplaint(said, lookup);
    if (withComplaint) return withComplaint;
    // "turn the volume up so that I can hear it in the kitchen": what it is for changes nothing
    // of what is asked; the command before it stands, when read for certain.
    const folded = fold(said);
    const words = folded.split(" ");
    const infinitive = purposeWithInfinitive(words);
    for (const before of [
      purpose ? folded.split(purpose)[0]?.trim() : undefined,
      infinitive > 0 ? words.slice(0, infinitive).join(" ") : undefined,
    ]) {
      if (!before || before === folded) continue;
      // "i don't need the lights to read": what is not needed for that is said, not that it be off.
      if (holds(before, lookup, ["unneeded"])) continue;
      // "il fait trop sombre pour travailler dans la cuisine": what is wrong, with no way asked,
      // is where the rest says, not where the speaker is.
      const rest = folded.slice(before.length).trim();
      if (
        holds(before, lookup, COMPLAINTS) &&
        !holds(before, lookup, COMMAND_WAYS) &&
        spotNames(wordsOf(rest), lookup).length
      )
        continue;
      const command = understandAsSaid(before, lookup);
      if (command?.by === "certain reading") return command;
    }
    // "i don't want to use the lights for reading": what is not needed for something, whose words
    // left no device's name, says nothing of a device to switch off.
    if (understood?.by === "reading with an unknown name" && holds(said, lookup, ["unneeded"]))
      return undefined;
    return titled(words, lookup) ?? understood;
  }

  /**
   * "turn up the volume of the song hips don't lie": the title said after what plays is no word
   * of the command. The words up to what plays are read alone, and stand when they change its
   * sound for certain; a title never names a device to switch.
   */
  function titled(words: string[], lookup: (words: string) => Spotted | undefined): Understood | undefined {
    for (let i = words.length - 2; i >= 1; i--) {
      if (!musicWords.has(words[i]!)) continue;
      // "turn up the music in the attic": a place after it is no title, and is never dropped.
      const title = words.slice(i + 1);
      if (placePrepositions.has(title[0]!) || spotNames(title, lookup).length) continue;
      // "turn up the music to 50 percent": a level or a command's word after it is no title either.
      if (
        title.some((w) => {
          const sense = lexicon.senses(w);
          // "alza la musica abbassalo": a verb with a pronoun joined acts as the verb alone does.
          const verb = lexicon.split(w)[0]!;
          const joined = verb !== w ? lexicon.senses(verb) : undefined;
          return (
            /\d/.test(w) ||
            sense?.here ||
            sense?.home ||
            sense?.number !== undefined ||
            ACTING.some((cue) => sense?.cues.has(cue) || joined?.cues.has(cue))
          );
        })
      )
        continue;
      const command = understandAsSaid(words.slice(0, i + 1).join(" "), lookup);
      if (
        command?.by === "certain reading" &&
        SOUND_INTENTS.has(command.match.intent) &&
        command.match.name === undefined
      )
        return command;
    }
    return undefined;
  }

  /**
   * "it's too dark, turn on the kitchen light", "turn it down, it's far too loud": what is wrong
   * and a command, said together. The command is read alone when the complaint, read alone,
   * names nothing and asks the same way ("too dark": on or brighter); otherwise nothing is.
   */
  function commandWithComplaint(
    said: string,
    lookup: (words: string) => Spotted | undefined,
  ): Understood | undefined {
    const words = fold(said).split(" ");
    if (words.length < 4 || words.length > LONGEST_COMPLAINED) return undefined;
    // Most sentences have no complaint's words at all: one look, and done.
    if (!holds(said, lookup, COMPLAINTS)) return undefined;
    // "la lumière de la cuisine, c'est trop sombre ?": what is wrong, asked about, is read as
    // asked (the reader's rule), and then is no complaint that a command could agree with.
    const questionMark = /[?¿]/.test(said) ? " ?" : "";
    for (let k = 2; k <= Math.min(LONGEST_COMPLAINT, words.length - 2); k++) {
      const before = words.slice(0, -k);
      for (const [complaint, command] of [
        [words.slice(0, k), words.slice(k)],
        [words.slice(-k), before],
        // "baja el volumen que está muy alto": the complaint joined on by the word that says why.
        ...(before.length > 1 && reasonLinks.has(before.at(-1)!)
          ? [[words.slice(-k), before.slice(0, -1)] as const]
          : []),
      ] as const) {
        // "il fait trop sombre pour lire ici": what it is too dark for is no part of what is wrong.
        const purposeAt = purposeWithInfinitive([...complaint]);
        const text = (purposeAt > 0 ? complaint.slice(0, purposeAt) : complaint).join(" ");
        if (!holds(text, lookup, COMPLAINTS)) continue;
        const wrong = understandAsSaid(`${text}${questionMark}`, lookup);
        // "it's too dark in here": the room one is in is where the command acts anyway.
        const named = wrong?.match.name;
        if (wrong?.by !== "certain reading" || (named !== undefined && !lexicon.senses(fold(named))?.here))
          continue;
        const agreeing = AGREEING[wrong.match.intent];
        if (!agreeing) continue;
        const asked = understandAsSaid(command.join(" "), lookup);
        if (asked?.by === "certain reading" && agreeing.includes(asked.match.intent)) return asked;
      }
    }
    return undefined;
  }

  /** Whether `name` holds a number in digits that no name of the home holds ("auf 30 grad", not "bedroom 2"). */
  function numberOutsideNames(name: string, lookup: (words: string) => Spotted | undefined): boolean {
    const words = fold(name).split(" ").filter(Boolean);
    const names = spotNames(words, lookup);
    return words.some((w, i) => /^\d+$/.test(w) && !inName(names, i));
  }

  function understandAsSaid(
    sentence: string,
    lookup: (words: string) => Spotted | undefined,
  ): Understood | undefined {
    const understood = understandAsWords(sentence, lookup);
    // "toggle the plug on", "flip on the lights in the bedroom": a way said (on, off), even where
    // it could be read as a preposition; toggling could do the opposite of what was said.
    if (
      understood?.match.intent === "toggle" &&
      fold(sentence)
        .split(" ")
        .some((w) => ways.has(w))
    )
      return undefined;
    return understood;
  }

  function understandAsWords(
    sentence: string,
    lookup: (words: string) => Spotted | undefined,
  ): Understood | undefined {
    if (saidTwoWays(sentence, lookup)) return undefined;
    const asked = clock(sentence);
    if (asked && !asked.guessed) return { match: asked, by: "question" };
    let templated = templates(sentence);
    // A place guessed around the question ("time in amsterdam") only where no template reads it.
    if (asked && !templated) return { match: asked, by: "question" };
    const read: Reading | undefined = reader.read(sentence, lookup);
    if (templated && QUESTIONS.has(templated.intent)) {
      // "reduziere die Helligkeit", "die Lichter sind zu hell": a reading's template took a
      // command's words for its name, or read as a question a sentence whose every word
      // commands; the question is no reading of it. A state question keeps its shape: "tutte le
      // luci sono spente", "está la luz encendida" ask, though their words could say a wish.
      const command =
        (templated.intent === "query_sensor" && read?.certain) ||
        (templated.name !== undefined && holdsAVerb(templated.name, lookup, true));
      // "es ist warm", "es ist hell": a state said, whose copula a question's template took for a
      // name ("es ist"); no question, and no place or device to say is unknown.
      const stated =
        templated.name !== undefined &&
        (holds(templated.name, lookup, ["copulas"]) ||
          namesNothing(templated.name, lookup) ||
          copulaAtNameEnd(sentence, templated.name));
      // "heiz das Wohnzimmer auf 30 Grad auf", "la temperatura a 20 gradi": a reading's template
      // took the value to set for its name; a number in no name of the home is no question's.
      const valueToSet =
        templated.intent === "query_sensor" &&
        templated.name !== undefined &&
        numberOutsideNames(templated.name, lookup);
      if (!command && !stated && !valueToSet) return { match: templated, by: "question" };
      templated = undefined;
    }
    if (read?.certain) return { match: read.match, by: "certain reading" };
    // "baja la luz del techo", "sube el plafón": a cover's verb that is also a step, said of a
    // light, is the light's step as read (its name found later); never a cover to close.
    if (
      (templated?.intent === "open" || templated?.intent === "close") &&
      templated.name !== undefined &&
      read !== undefined &&
      RELATIVE_INTENTS.has(read.match.intent) &&
      kindSaid(templated.name, lookup) === "light"
    )
      templated = undefined;
    // "baisse le volet de moitié", "abbassa la tapparella della metà": a cover moved by half of
    // where it is, which no position says; handed on, its half no name of a device to look for.
    if (
      (templated?.intent === "open" || templated?.intent === "close") &&
      templated.name !== undefined &&
      holdsHalfBy(templated.name, lookup)
    )
      templated = undefined;
    // "set the radio to 40": a number said of a kind of player, with no word of its sound or a
    // unit, may be a station or a channel as well as a volume (as the reader has it).
    if (
      (templated?.intent === "set_level" || templated?.intent === "set_volume") &&
      templated.name !== undefined &&
      kindSaid(templated.name, lookup) === "player" &&
      !holds(sentence, lookup, ["volume", "music", "speak", "percent"])
    )
      templated = undefined;
    // "atténue les stores", "tamise les volets": a light's change said of a kind of cover, by its
    // words (a cover may be named "volets" too), is nothing a cover does; one who knows what was
    // meant may read it.
    if (
      (templated?.intent === "dim" || templated?.intent === "brighten") &&
      templated.name !== undefined &&
      kindSaid(templated.name, () => undefined) === "cover"
    )
      templated = undefined;
    // "the kitchen lights are off": a state said, whose "off" a command's template took. No
    // device is called "kitchen lights are"; someone who reads statements may take it.
    if (
      templated?.name !== undefined &&
      (holds(templated.name, lookup, ["copulas"]) || copulaAtNameEnd(sentence, templated.name))
    )
      templated = undefined;
    // "schalte das Licht nicht aus": a negation a template took into the name says not to; never
    // a name to ask about, whose answer would then do what was refused.
    if (templated?.name !== undefined && holds(templated.name, lookup, ["negations"])) templated = undefined;
    // "in welke week valt Kerstmis", "turn on if it gets dark": a name begun with a question word
    // or "if" asks or sets a condition; no device is called so.
    if (templated?.name !== undefined && startsAsking(templated.name)) templated = undefined;
    const unquoted = templated?.name !== undefined && holdsAVerb(templated.name, lookup);
    if (templated && !unquoted) return { match: templated, by: "template" };
    if (read && !(read.match.name !== undefined && startsAsking(read.match.name)))
      return { match: read.match, by: "reading with an unknown name" };
    if (templated) {
      const { spokenName: _spoken, ...rest } = templated;
      return { match: { ...rest, unquoted: true }, by: "template, unquoted" };
    }
    return undefined;
  }
}

export type Understanding = ReturnType<typeof createUnderstanding>;
