// A command read by its names and cues: the known names in the sentence are found first
// (spotting.ts); every other word must then be a word the grammar knows (lexicon.ts): a verb or
// particle, a direction, an amount, a level, a quantifier, a place word, an article or a filler.
// A reading is made only when those cues point one way; a word nobody knows may be one name
// (the reading is then not certain), and anything more is no reading at all.
import type { DeviceKind, FastIntent, FastPathGrammar } from "../grammar-types.js";
import type { FastMatch } from "../matcher.js";
import { spokenAs } from "../matcher.js";
import { alternation, fold, withoutWakeWord } from "../sentence.js";
import { actionOf, SWITCHES, type Action, type ColorSaid, type LevelSaid, type Thing } from "./action.js";
import { COVER_KINDS, KINDS, SOUND_INTENTS } from "../kinds.js";
import type { Cue, Lexicon, WordSense } from "./lexicon.js";
import { joinWords, spotNames, type Spotted } from "./spotting.js";

export interface Reading {
  match: FastMatch;
  /** Every word was a known name or a cue: nothing in the sentence was taken on trust. */
  certain: boolean;
}

type Item =
  | { type: "name"; text: string; spotted: Spotted }
  | { type: "word"; text: string; sense: WordSense; first: boolean }
  | { type: "number"; text: string; value: number }
  | { type: "unknown"; text: string };

interface Place {
  text: string;
  type: "area" | "here" | "home";
  preposition?: string;
}

/** Kinds the reader acts on; locks and the rest are read by their templates. */
const READ_KINDS: ReadonlySet<DeviceKind> = new Set([
  "light",
  "switch",
  "outlet",
  "fan",
  "media_player",
  "tv",
  ...COVER_KINDS,
]);
/** Domains a named device may have for the reader to act on it. */
const READ_DOMAINS = new Set([
  "light",
  "switch",
  "input_boolean",
  "fan",
  "media_player",
  "scene",
  "script",
  "cover",
]);
/**
 * Whether every domain of a named device is one a kind covers whole ("scene": scenes and
 * scripts), a kind told apart by device class or name aside.
 */
function isKindOf(device: Thing, kind: DeviceKind): boolean {
  const spec = KINDS[kind];
  if (spec.deviceClasses || spec.namedBy || !device.domains?.length) return false;
  return device.domains.every((d) => spec.domains.includes(d));
}
/** Domains of devices that may be named together ("the kettle and the desk lamp"). */
const JOINED_DOMAINS = new Set(["light", "switch", "input_boolean", "fan", "media_player"]);
/** The colour temperatures a light is set to, in kelvin. */
const KELVIN = { min: 1000, max: 10000 };
/** More steps than this at once is no step ("twenty notches"): said as a level, or asked. */
const MOST_STEPS = 10;

/** A phrase whose only meaning is one said at the start of a sentence. */
function onlyFirst(sense: WordSense): boolean {
  const { cues, first, ...rest } = sense;
  return !cues.size && first.size > 0 && Object.values(rest).every((v) => v === undefined || v === false);
}

/** Cues that say which way a sound goes. */
const WAYS_OF_SOUND: readonly Cue[] = ["louder", "quieter", "up", "down"];

export function createReader(grammar: FastPathGrammar, lexicon: Lexicon) {
  const prepositionOf = fold(grammar.areaPrepositions[0] ?? "");
  const somethings = new Set((grammar.somethings ?? []).map(fold));
  const inverted = new Set((grammar.inverted ?? []).map(fold));
  const enough = new Set((grammar.enough ?? []).map(fold));
  const subjectsFirst = (grammar.subjectFirst ?? []).map((p) => fold(p).split(" "));
  const comparatives = new Set((grammar.comparatives ?? []).map(fold));
  const nothing = new Set((grammar.nothing ?? []).map(fold));
  /** The last words of the grammar's directions said as places ("para arriba", "hacia abajo"). */
  const directions = new Map<string, "up" | "down">(
    (["up", "down"] as const).flatMap((cue) =>
      grammar.cues[cue]
        .map((phrase) => fold(phrase).split(" "))
        .filter((words) => words.length === 2 && !lexicon.senses(words[1]!)?.cues.size)
        .map((words) => [words[1]!, cue] as const),
    ),
  );
  /** A reason said beside the command (`reasons`). */
  const reasoned = grammar.reasons?.length
    ? new RegExp(`(?:^|\\s)(?:${alternation(grammar.reasons)})(?=\\s|$)`)
    : undefined;
  /** The forms of up or down that are no step said alone (`upOrDownAlone`); none: no such reading. */
  const alone = grammar.upOrDownAlone && new Set((grammar.upOrDownAlone.except ?? []).map(fold));

  /**
   * "ich kann die Musik nicht hören" as "die Musik kann ich nicht hören": the subject and verb
   * said first are moved to where a phrase of the grammar begins with them the other way round.
   */
  function inOrder(words: string[]): string[] {
    for (const [subject, verb] of subjectsFirst) {
      if (!subject || !verb || words[0] !== subject || words[1] !== verb) continue;
      // Said first as a phrase of its own ("ich kann dich nicht hören"): as it is. One that only
      // negates ("ik heb het", said of what was done) may still begin the phrase said the other
      // way round ("ik heb het licht niet meer nodig").
      for (let n = 3; n <= Math.min(lexicon.longest, words.length); n++) {
        const cues = lexicon.senses(joinWords(words.slice(0, n)))?.cues;
        if (cues?.size && !(cues.size === 1 && cues.has("negations"))) return words;
      }
      for (let k = 3; k < words.length; k++) {
        for (let n = Math.min(lexicon.longest - 2, words.length - k); n >= 1; n--) {
          const cues = lexicon.senses(joinWords([verb, subject, ...words.slice(k, k + n)]))?.cues;
          if (!cues?.size) continue;
          // "ich brauche dich nicht mehr", "ik heb je niet nodig": said of the one spoken to, no
          // thing to switch ("ik kan je amper horen" is of its voice, the speaker's volume).
          const ofTheOneSpokenTo = words.slice(2, k).every((w) => lexicon.senses(w)?.filler);
          if (ofTheOneSpokenTo && (cues.has("on") || cues.has("off"))) return words;
          return [...words.slice(2, k), verb, subject, ...words.slice(k)];
        }
      }
    }
    return words;
  }

  /** Whether a phrase's words hold a copula of more than one word ("il fait", "it is"). */
  function holdsCopula(words: string[]): boolean {
    for (let i = 0; i < words.length; i++)
      for (let n = 2; n <= words.length - i; n++)
        if (lexicon.senses(joinWords(words.slice(i, i + n)))?.cues.has("copulas")) return true;
    return false;
  }

  /** Whether a phrase holds a copula or a negation ("it's dark", "can't see"), which tell how it is. */
  function holdsStatement(phrase: string): boolean {
    const words = phrase.split(" ");
    // A negation joined to the verb: "can't", "cannot"; French elides its "ne": "on n'y voit rien".
    if (words.some((w) => w.endsWith("n't") || w === "cannot" || w.startsWith("n'"))) return true;
    // "ich sehe gar nichts", "ik zie hier niks": nothing seen, where no other word says "not".
    if (words.some((w) => nothing.has(w))) return true;
    for (let i = 0; i < words.length; i++)
      for (let n = 1; n <= words.length - i; n++) {
        const cues = lexicon.senses(joinWords(words.slice(i, i + n)))?.cues;
        if (n < words.length && (cues?.has("copulas") || cues?.has("negations"))) return true;
      }
    return false;
  }

  /** The sentence as names, known words, numbers and unknown words, fillers left out. */
  function items(sentence: string, lookup: (words: string) => Spotted | undefined): Item[] {
    const words = inOrder(
      withoutWakeWord(fold(sentence))
        .split(" ")
        .filter(Boolean)
        .flatMap((w) => lexicon.split(w)),
    );
    // "cette chambre", "esta habitación": a room's name said as the room one is in is "here".
    // "dreh die Lautstärke nach oben", "zet het volume naar boven": a floor called "oben" or
    // "boven" that ends a way up or down is that way, not the floor.
    const spans = spotNames(words, lookup).filter(
      (s) =>
        ![1, 2].some((k) => {
          const around =
            s.start >= k ? lexicon.senses(joinWords(words.slice(s.start - k, s.end))) : undefined;
          // "sube el volumen hasta arriba": a level said with the floor's word is that level.
          return around?.here || around?.level || around?.cues.has("up") || around?.cues.has("down");
        }),
    );
    const out: Item[] = [];
    let contentSeen = false;
    /** The longest phrase the grammar knows at `i`, in words (0: none). */
    const longestAt = (tokens: string[], i: number) => {
      for (let n = Math.min(lexicon.startingWith(tokens[i] ?? ""), tokens.length - i); n >= 1; n--)
        if (lexicon.senses(joinWords(tokens.slice(i, i + n)))) return n;
      return 0;
    };
    /** Whether the word before `end` and the words from `end` on make a kind's name. */
    const endsInAKind = (tokens: string[], end: number) =>
      [1, 2].some(
        (k) => end + k <= tokens.length && !!lexicon.senses(joinWords(tokens.slice(end - 1, end + k)))?.kind,
      );
    /**
     * Whether the word before `end` and the words from `end` on make a phrase that says something,
     * or the word at `end` says how bright ("luz tenue").
     */
    const beginsAPhrase = (tokens: string[], end: number) =>
      (["brighter", "dimmer"] as const).some((cue) => lexicon.senses(tokens[end] ?? "")?.cues.has(cue)) ||
      [1, 2].some(
        (k) =>
          end + k <= tokens.length && !!lexicon.senses(joinWords(tokens.slice(end - 1, end + k)))?.cues.size,
      );
    /** Whether the phrase ends with a kind word and a word nobody knows follows it ("light reading"). */
    const kindBeforeUnknown = (tokens: string[], end: number) =>
      end < tokens.length &&
      !!lexicon.senses(tokens[end - 1]!)?.kind &&
      longestAt(tokens, end) === 0 &&
      !/^\d/.test(tokens[end]!);
    /**
     * Whether the phrase ending before `end` ends in "more" or "less", says no way of its own
     * ("illumina più" does), and what follows is what there would be more or less of ("non mi
     * serve più luce": the light no longer, or no more light). A word of "anymore" is one of
     * "more" as well ("brauche ich nicht mehr Licht").
     */
    const comparativeBeforeThing = (tokens: string[], end: number, phrase: WordSense) => {
      const last = tokens[end - 1]!;
      if (end >= tokens.length) return false;
      if (!comparatives.has(last) && !lexicon.senses(last)?.cues.has("anymore")) return false;
      if (WAYS.some((cue) => phrase.cues.has(cue))) return false;
      if (longestAt(tokens, end - 1) > 1) return true;
      const sense = lexicon.senses(tokens[end]!);
      return !!sense && (!!sense.kind || NOUN_CUES.some((cue) => sense.cues.has(cue)));
    };
    /** A word that says nothing ("really", "bitte"), and nothing else. */
    const bareFiller = (word: string) => {
      const sense = lexicon.senses(word);
      if (!sense?.filler) return false;
      const { cues, first, filler: _filler, intensifier: _intensifier, ...rest } = sense;
      return !cues.size && !first.size && Object.values(rest).every((v) => v === undefined || v === false);
    };
    /** Whether the word at `k` is part of a phrase of several words the grammar knows there. */
    const inPhrase = (tokens: string[], k: number) => {
      for (let from = Math.max(0, k - lexicon.longest + 1); from <= k; from++)
        for (
          let to = Math.max(k + 1, from + 2);
          to <= Math.min(tokens.length, from + lexicon.startingWith(tokens[from]!));
          to++
        )
          if (lexicon.senses(joinWords(tokens.slice(from, to)))) return true;
      return false;
    };
    /** A word that says how much ("molto", "viel") and nothing else. */
    const degreeOnly = (word: string) => {
      const sense = lexicon.senses(word);
      if (!sense || sense.cues.size !== 1 || sense.first.size) return false;
      const { cues, first: _first, ...rest } = sense;
      return (
        (cues.has("lot") || cues.has("bit")) &&
        Object.values(rest).every((v) => v === undefined || v === false)
      );
    };
    /** Where a phrase of the grammar that the word at `k` splits ends, without it. */
    const phraseAcross = (tokens: string[], k: number) => {
      for (let from = Math.max(0, k - lexicon.longest + 1); from < k; from++)
        for (let to = Math.min(tokens.length, from + lexicon.longest + 1); to > k + 1; to--)
          if (lexicon.senses(joinWords([...tokens.slice(from, k), ...tokens.slice(k + 1, to)]))?.cues.size)
            return to;
      return undefined;
    };
    const plain = (said: string[]) => {
      // "it's very dark", "es ist echt zu laut": a word that says nothing, said inside a phrase,
      // is left out so that the phrase around it is read.
      const tokens: string[] = [];
      /** Whether the word kept at each place came right after an intensifier left out ("very loud"). */
      const intensified: boolean[] = [];
      let intensifier = false;
      said.forEach((w, k) => {
        if (bareFiller(w) && !inPhrase(said, k)) {
          intensifier = !!lexicon.senses(w)?.intensifier;
          return;
        }
        tokens.push(w);
        intensified.push(intensifier);
        intensifier = false;
      });
      // "è molto buio", "het volume is veel te laag": how much, said inside a phrase, is read
      // after it, as "è buio molto".
      for (let k = 1; k < tokens.length - 1; k++) {
        if (!degreeOnly(tokens[k]!) || inPhrase(tokens, k)) continue;
        const end = phraseAcross(tokens, k);
        if (end === undefined) continue;
        tokens.splice(end - 1, 0, ...tokens.splice(k, 1));
        intensified.splice(end - 1, 0, ...intensified.splice(k, 1));
      }
      for (let i = 0; i < tokens.length;) {
        let taken = 0;
        let n = longestAt(tokens, i);
        // "the volume level": an article is its own word when what follows it makes a longer
        // phrase without it ("volume level") than with it ("the volume", then "level" unknown).
        if (n > 1 && lexicon.senses(tokens[i]!)?.article && longestAt(tokens, i + 1) >= n) n = 1;
        for (; n >= 1; n--) {
          const phrase = joinWords(tokens.slice(i, i + n));
          const sense = lexicon.senses(phrase);
          if (!sense) continue;
          // "turn the light up": a phrase that means something only first ("^light up") is, later
          // on, its words read one by one.
          if (n > 1 && contentSeen && onlyFirst(sense)) continue;
          // "un peu de lumière tamisée": light wished for whose last word begins a phrase of its
          // own ("lumière tamisée": dimmer) is read by that phrase, the wish's words one by one.
          if (
            n > 1 &&
            (sense.cues.has("lightOn") || sense.first.has("lightOn")) &&
            beginsAPhrase(tokens, i + n)
          )
            continue;
          taken = n;
          // "i need light bulbs": a phrase whose last word begins the name of a kind ("light
          // bulbs") asks for the thing, not for what the phrase says; so does one whose last word is a
          // kind said before a word nobody knows ("i need some light reading": a kind of reading).
          // So does one whose last word says more of what follows it ("non mi serve più luce": no
          // more light wanted, or the light no longer needed). A phrase said first is no different
          // ("some light reading", "a little light reading").
          if (
            n > 1 &&
            (sense.cues.size || (!contentSeen && sense.first.size)) &&
            (endsInAKind(tokens, i + n) ||
              kindBeforeUnknown(tokens, i + n) ||
              comparativeBeforeThing(tokens, i + n, sense))
          ) {
            out.push({ type: "unknown", text: phrase });
            contentSeen = true;
            break;
          }
          if (sense.filler && !sense.cues.size && sense.number === undefined) break;
          // "pretty quiet in here", "ziemlich laut hier": a sound's word alone after how much is
          // the state told, not "quiet!" or "laut!" asked; after a verb ("turn it up really loud")
          // it is how the change is asked.
          if (
            n === 1 &&
            intensified[i] &&
            TOLD_WHEN_INTENSIFIED.some((cue) => sense.cues.has(cue)) &&
            !out.some((o) => o.type === "word" && ASKED_FOR.some((cue) => o.sense.cues.has(cue)))
          ) {
            out.push({ type: "unknown", text: phrase });
            contentSeen = true;
            break;
          }
          out.push({ type: "word", text: phrase, sense, first: !contentSeen });
          contentSeen = true;
          break;
        }
        if (taken) {
          i += taken;
          continue;
        }
        const token = tokens[i]!;
        if (/^\d{1,5}$/.test(token)) out.push({ type: "number", text: token, value: Number(token) });
        else out.push({ type: "unknown", text: token });
        contentSeen = true;
        i++;
      }
    };
    let at = 0;
    for (const span of spans) {
      // A name's leading article ("the kitchen light") is read as an article.
      let start = span.start;
      while (start < span.end - 1 && lexicon.senses(words[start]!)?.article) start++;
      plain(words.slice(at, start));
      out.push({ type: "name", text: joinWords(words.slice(start, span.end)), spotted: span.spotted });
      contentSeen = true;
      at = span.end;
    }
    plain(words.slice(at));
    return out;
  }

  /**
   * "más", "più": "more" said alone, a comparative of up and of no other way. Said after a verb
   * ("sube más", "bájale un poco más"), it goes further the verb's way.
   */
  const isMore = (item: Item | undefined): boolean =>
    item?.type === "word" &&
    comparatives.has(item.text) &&
    item.sense.cues.has("up") &&
    !item.sense.cues.has("down");

  /**
   * "baja la luz un poco más", "baja el volumen más": "more" said after a verb of down said first,
   * with nothing after it but how much, goes further the verb's way, as in `bareStep`: whether it
   * is so said, and its "up" no way of its own. Said before the thing it may be "no more" with
   * "ne" dropped ("baisse plus la lumière"), which is not read so.
   */
  function furtherDown(said: Item[]): boolean {
    const [first] = said;
    if (first?.type !== "word" || comparatives.has(first.text)) return false;
    const { cues } = first.sense;
    if (!cues.has("down") || cues.has("up") || cues.has("particles")) return false;
    const at = said.findLastIndex(isMore);
    return (
      at > 0 &&
      said.findIndex(isMore) === at &&
      said.slice(at + 1).every((item) => item.type === "word" && howMuchOnly(item.sense))
    );
  }

  /**
   * "sube un poco", "bájale", "abbassa un po'": a verb of up or down said first, and nothing else
   * but how much. No thing, place, level or colour is said: a step of what the turn finds for it
   * (the sound, turn.ts), never a guess among the room's devices. "More" alone ("un poco más")
   * says no verb; asked ("¿sube?"), it may be a question about something else.
   */
  function bareStep(said: Item[], cues: Map<Cue, number>, sentence: string): Action | undefined {
    const [first, ...rest] = said;
    if (!alone || first?.type !== "word" || comparatives.has(first.text) || alone.has(first.text))
      return undefined;
    if (/[?¿]/.test(sentence)) return undefined;
    const up = first.sense.cues.has("up");
    if (up === first.sense.cues.has("down") || first.sense.cues.has("particles")) return undefined;
    const way: Cue = up ? "up" : "down";
    // "baja ya": a word for now said last, which is also "anymore" ("ya no"), says no more than now.
    const last = rest.at(-1);
    const nowLast =
      last?.type === "word" && !!last.sense.filler && [...last.sense.cues].every((cue) => cue === "anymore");
    const told = nowLast ? rest.slice(0, -1) : rest;
    // Only how much after it: "un poco", "mucho", never a word that names or says anything more.
    if (!told.every((item) => isMore(item) || (item.type === "word" && howMuchOnly(item.sense))))
      return undefined;
    // What that "more" may say besides ("más" is also "anymore") is no more than it.
    const alsoSaid = new Set(
      rest.filter(isMore).flatMap((item) => (item.type === "word" ? [...item.sense.cues] : [])),
    );
    // A word that softens ("atténue un peu") is a word of down as well; one that increases
    // ("augmente un peu"), of up.
    const allowed = (cue: Cue) =>
      cue === way ||
      cue === "bit" ||
      cue === "lot" ||
      cue === "softens" ||
      cue === "increases" ||
      (nowLast && cue === "anymore") ||
      alsoSaid.has(cue);
    if ([...cues.keys()].some((cue) => !allowed(cue))) return undefined;
    if (cues.get(way) !== 1 + (up ? rest.filter(isMore).length : 0)) return undefined;
    const amount = cues.has("lot") ? "lot" : cues.has("bit") ? "step" : undefined;
    return { intent: up ? "step_up" : "step_down", ...(amount ? { amount } : {}) };
  }

  /**
   * Whether a phrase says music with no article: "música", or inside how it should sound ("harder
   * muziek"); not "la música", "de muziek harder".
   */
  const saysBareMusic = (text: string) => {
    const words = text.split(" ").map((w) => lexicon.senses(w));
    return words.some((w) => w?.cues.has("music")) && !words.some((w) => w?.article || w?.pronoun);
  };
  /** Whether a word says how a sound should be, as an adjective does ("calmer", "rustiger"). */
  const soundsSo = (sense: WordSense | undefined) =>
    !!sense && (sense.cues.has("louder") || sense.cues.has("quieter"));
  /**
   * Whether the music of item `i` is said with how it should sound before it, as an adjective
   * ("softer music", "hardere muziek", "ruhigere Musik"), not after ("Musik lauter", "turn music
   * down"), where it is what the music is made.
   */
  const describedBefore = (said: Item[], i: number) => {
    const item = said[i]!;
    // "hardere muziek": one phrase, how it sounds before the music.
    if (item.type === "word" && !lexicon.senses(item.text.split(" ")[0]!)?.cues.has("music"))
      return soundsSo(item.sense);
    const before = said[i - 1];
    return before?.type === "word" && soundsSo(before.sense) && !before.sense.cues.has("verbs");
  };

  return {
    read(sentence: string, lookup: (words: string) => Spotted | undefined): Reading | undefined {
      const said = items(sentence, lookup);
      const cues = new Map<Cue, number>();
      const things: Thing[] = [];
      const places: Place[] = [];
      let all = false;
      /** "turn off a lamp": one of a kind. */
      let one = false;
      /** "turn off some lights", "doe wat lampen uit": some of a kind, which ones unsaid. */
      let someOf = false;
      /** "dame una luz tenue", "a brighter light": the kind said with how bright, right after it. */
      let oneOfABrightness = false;
      /**
       * "pon música", "put on calmer music", "mets de la musique douce": music said with no
       * article, or some of it, so no music playing.
       */
      let someMusic = false;
      /** "pon algo …": "a bit" said right after a verb that says no way, "something" (`somethings`). */
      let somethingPut = false;
      /** That music, said with how it should sound before it ("put on softer music"). */
      let musicDescribed = false;
      let level: number | undefined;
      let levelSaid: LevelSaid = "bare";
      /** The level is a number said with no unit ("to 40", not "to 40 %" nor "to half"). */
      let levelBare = false;
      /** A player whose only level is its sound was said ("the speaker", not "the radio"). */
      let soundOnlySaid = false;
      /**
       * Half of what it is now (`FastPathGrammar.halves`): "by" ("de moitié", "dimezza"), or a
       * level word of half, which is the halving only of the volume lowered ("baja el volumen a
       * la mitad").
       */
      let half: "by" | "to" | undefined;
      /** "two notches", "zwei Stufen": steps counted, each the size of "a bit". */
      let steps: number | undefined;
      const countSteps = (count: number) => {
        if (steps !== undefined || count < 1 || count > MOST_STEPS) return false;
        steps = count;
        cues.set("bit", (cues.get("bit") ?? 0) + 1);
        return true;
      };
      const isSteps = (item: Item | undefined) => item?.type === "word" && item.sense.cues.has("steps");
      let lastThingAt = -2;
      const color: ColorSaid = {};
      let colorNounSaid = false;
      /** "5 out of 10": the level in tenths; false when it can be none (past ten, or a second level). */
      const setTenths = (value: number) => {
        if (value > 10 || level !== undefined) return false;
        level = value * 10;
        levelSaid = "to";
        return true;
      };
      const setColor = (said: ColorSaid) => {
        if (color.color !== undefined || color.kelvin !== undefined) return false;
        Object.assign(color, said);
        return true;
      };

      /** The next item that is not an article. */
      const next = (i: number) => {
        let j = i + 1;
        while (j < said.length && isArticle(said[j]!)) j++;
        return said[j];
      };
      const isPlace = (item: Item | undefined) =>
        !!item &&
        ((item.type === "name" && item.spotted.type === "place") ||
          (item.type === "word" && (item.sense.here || item.sense.home) === true));
      const isLevel = (item: Item | undefined): item is Item & { type: "number" | "word" } =>
        !!item && (item.type === "number" || (item.type === "word" && item.sense.number !== undefined));
      const isColor = (item: Item | undefined) =>
        !!item && item.type === "word" && item.sense.color !== undefined && !item.sense.kind;
      /** A name said as unknown words and then a kind word ("printer socket"): its parts. */
      let namedWithKind: { text: string; before: string; kind: DeviceKind } | undefined;
      const addThing = (thing: Thing, at: number) => {
        const previous = things.at(-1);
        // "la luz del techo", "la lampe du bureau": a kind, a preposition, and words nobody knows
        // are one name, as "ceiling light" is.
        const between = said[at - 1];
        if (
          previous?.type === "kind" &&
          thing.type === "unknown" &&
          lastThingAt === at - 2 &&
          between &&
          isPreposition(between)
        ) {
          things[things.length - 1] = {
            text: `${previous.text} ${between.text} ${thing.text}`,
            type: "unknown",
          };
          lastThingAt = at;
          namedWithKind = undefined;
          return;
        }
        // "la prise de la télé", "el enchufe del televisor": a plug, a preposition (and its
        // article), and the kind of thing plugged into it are one name, whose plug its names say.
        const joining = said.slice(lastThingAt + 1, at);
        if (
          previous?.type === "kind" &&
          previous.kind === "outlet" &&
          thing.type === "kind" &&
          thing.kind !== "outlet" &&
          joining.length >= 1 &&
          joining.length <= 2 &&
          isPreposition(joining[0]!) &&
          joining.slice(1).every(isArticle)
        ) {
          things[things.length - 1] = {
            text: [previous.text, ...joining.map((w) => w.text), thing.text].join(" "),
            type: "unknown",
          };
          lastThingAt = at;
          namedWithKind = undefined;
          return;
        }
        // Words said next to each other are one name ("light 2", "desk lamp left").
        if (previous && lastThingAt === at - 1) {
          // Two words of one kind are that kind ("wemo plug", "smart socket", "prise wemo").
          if (previous.type === "kind" && thing.type === "kind" && previous.kind === thing.kind) {
            lastThingAt = at;
            return;
          }
          // "start movie night scene": a device named, then the word for what it is, is that device.
          if (
            previous.type === "device" &&
            thing.type === "kind" &&
            thing.kind &&
            isKindOf(previous, thing.kind)
          ) {
            lastThingAt = at;
            return;
          }
          const text = `${previous.text} ${thing.text}`;
          things[things.length - 1] = { text, type: "unknown" };
          namedWithKind =
            previous.type === "unknown" && thing.type === "kind" && thing.kind
              ? { text, before: previous.text, kind: thing.kind }
              : undefined;
        } else things.push(thing);
        lastThingAt = at;
      };
      /** A change said in more than one word ("too bright"), which says what is wrong. */
      let complained = false;
      /** Such a change said without a verb of its own ("está oscuro", not "heller machen"). */
      let wrongSaid = false;
      /**
       * The want of light told rather than a change asked: "it's dark", "il fait sombre" (a copula
       * in the phrase), "i can't see a thing here", "je ne vois plus rien" (a negation in it).
       */
      let darkTold = false;
      /** Phrases that say brighter: a second ("it's dark, I want more light") asks for a change. */
      let brighterSaid = 0;
      /** Ups and downs said by "more" or "less" alone ("más", "più"), with no word of loudness. */
      let bareComparatives = 0;
      let pendingPreposition: string | undefined;
      /** Conjunctions read as joining two places. */
      let joins = 0;
      /** Conjunctions read as joining two devices named ("the kettle and the desk lamp"). */
      let deviceJoins = 0;
      /** Conjunctions read as joining two commands ("unmute and turn it up"). */
      let commandsJoined = 0;
      /** "no light" is the light off, "no sound" the speaker muted: what a "none" said stands for. */
      let noneSaid: "off" | "mute" | undefined;
      /** A name of this type spotted just before, or next (its article aside). */
      const isNamed = (item: Item | undefined, type: "place" | "device") =>
        item?.type === "name" && item.spotted.type === type;
      const placeBefore = (i: number) => isNamed(said[i - 1], "place");
      /** A place next, after any prepositions and articles ("and in the", "et de la"). */
      const placeAfter = (i: number) => {
        let j = i + 1;
        // "e del bagno", "y en el baño": a preposition that is also a cue ("by", "to") is still one here.
        while (j < said.length && (isArticle(said[j]!) || isPrepositionWord(said[j]!))) j++;
        const after = said[j];
        return isNamed(after, "place");
      };
      /** "turn the lights on upstairs": a particle that is also a preposition, said before a place. */
      let particleBeforePlace: Set<Cue> | undefined;
      /** "on the kitchen lights": the verb said first before a place; "on the first floor" alone is where. */
      let verbBeforePlace: Set<Cue> | undefined;

      for (let i = 0; i < said.length; i++) {
        const item = said[i]!;
        if (item.type === "name") {
          if (item.spotted.type === "place") {
            places.push({
              text: item.spotted.as ?? item.text,
              type: "area",
              ...(pendingPreposition ? { preposition: pendingPreposition } : {}),
            });
            pendingPreposition = undefined;
          } else addThing({ text: item.text, type: "device", domains: item.spotted.domains }, i);
          continue;
        }
        if (item.type === "unknown") {
          addThing({ text: item.text, type: "unknown" }, i);
          continue;
        }
        if (item.type === "number") {
          // A number is a level after "to" or "by", or before a unit; otherwise part of a name.
          const before = said[i - 1];
          const after = said[i + 1];
          const ofTen = outOfTen(said, i);
          if (ofTen) {
            if (!setTenths(item.value)) return undefined;
            i += ofTen;
            continue;
          }
          if (isSteps(after)) {
            if (!countSteps(item.value)) return undefined;
            i++;
            continue;
          }
          // "2700 kelvin": a colour temperature.
          if (after?.type === "word" && after.sense.cues.has("kelvin")) {
            if (item.value < KELVIN.min || item.value > KELVIN.max || !setColor({ kelvin: item.value }))
              return undefined;
            i++;
            continue;
          }
          if (item.value > 999) {
            addThing({ text: item.text, type: "unknown" }, i);
            continue;
          }
          const unit = after?.type === "word" && after.sense.cues.has("percent");
          const introduced =
            before?.type === "word" && (before.sense.cues.has("to") || before.sense.cues.has("by"));
          if (unit || introduced) {
            if (level !== undefined) return undefined;
            level = item.value;
            levelSaid = howSaid(before);
            levelBare = !unit;
            // "20 percent more", "un 20 por ciento más": a change by that much, as "by 20 percent" is.
            const then = said[i + 2];
            const more = then?.type === "word" && (then.sense.cues.has("up") || then.sense.cues.has("down"));
            if (unit && levelSaid === "bare" && more && !then.sense.kind) levelSaid = "by";
          } else if (
            item.value <= 100 &&
            after?.type === "word" &&
            !after.sense.kind &&
            AMOUNT_BEFORE.some((cue) => after.sense.cues.has(cue))
          ) {
            // "zet het volume 10 hoger", "mach es 10 lauter": a number said just before the change
            // is how much, as "20 percent more" is.
            if (level !== undefined) return undefined;
            level = item.value;
            levelSaid = "by";
          } else addThing({ text: item.text, type: "unknown" }, i);
          continue;
        }
        const { sense } = item;
        // "in the kitchen and the dining room": places joined are one command in each.
        if (sense.conjunction && placeBefore(i) && placeAfter(i)) {
          joins++;
          continue;
        }
        // "kein Licht mehr im Flur", "geen verlichting": no light wanted is the light switched off;
        // "ohne Ton bitte", "sin luz en la cocina" only as the sentence's first words.
        // "ya no necesito la luz": "anymore" said before the "none" it goes with says no more than it.
        if (!noneSaid && sense.cues.has("anymore") && isNoneNext(said, i)) continue;
        const none = sense.cues.has("none") || (item.first && sense.first.has("none"));
        if (none && isKindNext(said, i)) {
          cues.set("off", (cues.get("off") ?? 0) + 1);
          noneSaid = "off";
          continue;
        }
        // "no sound please", "kein Ton mehr", "geen geluid meer", "niente audio": muted.
        if (none && isSoundNext(said, i)) {
          cues.set("mute", (cues.get("mute") ?? 0) + 1);
          noneSaid = "mute";
          continue;
        }
        if (noneSaid && sense.cues.has("anymore")) continue;
        // "turn off the kettle and the desk lamp": two devices named, each acted on.
        if (sense.conjunction && isNamed(said[i - 1], "device") && isNamed(next(i), "device")) {
          deviceJoins++;
          continue;
        }
        // "la luce è troppo intensa": "è" written without its accent is "e" ("and"); before what is
        // wrong, with nothing asked for yet, it is the copula, as "sono" in "sono troppo intense".
        if (
          sense.conjunction &&
          sense.cues.has("copulas") &&
          !ASKED_FOR.some((cue) => cues.has(cue)) &&
          isComplaintNext(said, i)
        ) {
          cues.set("copulas", (cues.get("copulas") ?? 0) + 1);
          continue;
        }
        // "unmute and turn it up": a second command begun by its verb, which only unmuting first
        // and then a louder sound or a level may be (see below).
        const nextSaid = said[i + 1];
        if (
          sense.conjunction &&
          i > 0 &&
          nextSaid?.type === "word" &&
          ASKED_FOR.concat("unmute").some((cue) => nextSaid.sense.cues.has(cue))
        ) {
          commandsJoined++;
          continue;
        }
        // "dimme das Licht bis auf 30 Prozent": a word that also says "all but" ("alle bis auf die
        // Küche") says "to" before a level.
        if (sense.cues.has("negations") && sense.cues.has("to") && (isLevel(next(i)) || isScale(said[i + 1])))
          continue;
        if (sense.conjunction || sense.cues.has("negations")) return undefined;
        // "change the colour of the floor lamp to blue", "die Farbe der Stehlampe auf Rot": the word
        // for colour names what the colour said sets, no part of a device's name.
        if (sense.colorNoun && !sense.kind && !sense.cues.size) {
          colorNounSaid = true;
          continue;
        }
        if (sense.color !== undefined && !sense.kind) {
          if (!setColor({ color: sense.color, ...(sense.colorOfLightOnly ? { ofLightOnly: true } : {}) }))
            return undefined;
          continue;
        }
        // "on the first floor": a preposition before a place; "the volume of the tv": before a thing.
        if (sense.preposition && isPlace(next(i))) {
          pendingPreposition = item.text;
          // "on upstairs" may be the particle; "on the ground floor" is where (it takes an article).
          if ((sense.cues.has("on") || sense.cues.has("off")) && said[i + 1] === next(i))
            particleBeforePlace = sense.cues;
          // "on the kitchen lights": said first, it is the verb its first reading says ("^on the").
          else if (item.first && (sense.first.has("on") || sense.first.has("off")))
            verbBeforePlace = sense.first;
          continue;
        }
        if (sense.here || sense.home) {
          // "my room lights": the speaker's room by the grammar's first word for it, so that "room"
          // is never read as part of a device's name ("Living Room Ceiling").
          const text = sense.here ? (grammar.here[0] ?? item.text) : item.text;
          places.push({ text, type: sense.here ? "here" : "home" });
          continue;
        }
        // "level seven", "auf Stufe drei": a level on a scale of ten, which is in percent ten times it.
        if (isScale(item)) {
          const after = said[i + 1];
          const value =
            after?.type === "number"
              ? after.value
              : after?.type === "word" && !after.sense.kind && !after.sense.level
                ? after.sense.number
                : undefined;
          if (value === undefined || value > 10 || level !== undefined) return undefined;
          level = value * 10;
          levelSaid = "to";
          i++;
          continue;
        }
        // "mets les lumières à un (dans le salon)", "metti le luci a uno": "to" and an article with
        // no thing after it is a level said as "one" (on, or one percent?), or a word lost.
        if (sense.cues.has("to") && isArticle(said[i + 1] ?? item)) {
          const after = next(i);
          if (!after || (after.type === "word" && after.sense.preposition && !after.sense.kind))
            return undefined;
        }
        if ((sense.cues.has("to") || sense.cues.has("by")) && isLevel(next(i))) continue;
        if (sense.cues.has("to") && isScale(said[i + 1])) continue;
        // "auf warmweiß", "su bianco caldo": "to" before a colour, whatever else the word may be.
        if (sense.cues.has("to") && isColor(next(i))) continue;
        if (sense.cues.has("percent")) {
          // "à un pour cent", "to a percent": a percent said with no level read is a level lost;
          // never act without it.
          if (level === undefined) return undefined;
          if (isLevel(said[i - 1])) continue;
        }
        if (sense.number !== undefined && !sense.kind && !sense.level) {
          const ofTen = outOfTen(said, i);
          if (ofTen) {
            if (!setTenths(sense.number)) return undefined;
            i += ofTen;
            continue;
          }
        }
        const following = said[i + 1];
        // "three notches louder", "de trois crans": a number in words before steps counts them.
        if (sense.number !== undefined && !sense.kind && isSteps(following)) {
          if (!countSteps(sense.number)) return undefined;
          i++;
          continue;
        }
        const unit = following?.type === "word" && following.sense.cues.has("percent");
        // "a un nivel más alto", "a un livello più basso": a level made of a comparison, said with
        // "a", is a higher or lower one than now, a step; only with "the" is it the extreme.
        const saidBefore = said[i - 1];
        if (sense.compares && !unit && saidBefore?.type === "word" && saidBefore.sense.indefinite) {
          for (const cue of sense.compares) cues.set(cue, (cues.get(cue) ?? 0) + 1);
          continue;
        }
        // "un", "ein", "uno", "een": an article (or particle) before a percent unit is the number one.
        if (sense.number !== undefined && !sense.kind && (unit || (!sense.cues.size && !sense.article))) {
          const before = said[i - 1];
          const introduced =
            before?.type === "word" && (before.sense.cues.has("to") || before.sense.cues.has("by"));
          // A level word names a level unless it follows a preposition ("la lumière du fond").
          // "auf die Hälfte", "to the max", "op het maximum": "to" and an article before it.
          const toBefore = said[i - 2];
          const toThe =
            !!before &&
            isArticle(before) &&
            toBefore?.type === "word" &&
            toBefore.sense.cues.has("to") &&
            !!sense.level;
          const glued =
            !toThe &&
            before?.type === "word" &&
            ((before.sense.preposition && !before.sense.cues.size) || isArticle(before));
          if ((sense.level && !glued) || unit || introduced) {
            if (level !== undefined) return undefined;
            // "by half", "de moitié": a share of what it is now, which no level or step says, but
            // the half a grammar names.
            if (sense.half === "by" || (sense.level && howSaid(before) === "by")) {
              if (!sense.half || half) return undefined;
              half = "by";
              continue;
            }
            if (sense.half) half = "to";
            level = sense.number;
            levelSaid = sense.level ? "to" : howSaid(before);
            levelBare = !sense.level && !unit;
          } else addThing({ text: item.text, type: "unknown" }, i);
          continue;
        }
        if (sense.quantifier) {
          // "baisse tout le volume", "quita todo el volumen": all of the sound is the sound itself,
          // as all of the light ("toute la lumière") is every light.
          const after = said[i + 1];
          if (!(after?.type === "word" && after.sense.cues.has("volume"))) all = true;
          continue;
        }
        if (sense.everything) {
          addThing({ text: item.text, type: "everything" }, i);
          continue;
        }
        // A word said first that is a verb there ("switch the light on", "^light up").
        const firstCues = item.first ? sense.first : new Set<Cue>();
        if (firstCues.size) {
          for (const cue of firstCues) cues.set(cue, (cues.get(cue) ?? 0) + 1);
          continue;
        }
        if (sense.kind && !(item.first && sense.cues.has("verbs"))) {
          const before = said[i - 1];
          if (before?.type === "word" && before.sense.indefinite) {
            one = true;
            const after = said[i + 1];
            if (after?.type === "word" && CHANGES.some((cue) => after.sense.cues.has(cue)))
              oneOfABrightness = true;
          }
          if (saysSomeOf(said, i)) someOf = true;
          if (sense.soundOnly) soundOnlySaid = true;
          addThing({ text: item.text, type: "kind", kind: sense.kind }, i);
          continue;
        }
        // "op het maximum": an article-or-pronoun between "to" and a level is the article.
        if (sense.article && said[i - 1]?.type === "word" && isLevel(said[i + 1])) {
          const to = said[i - 1] as Item & { type: "word" };
          if (to.sense.cues.has("to")) continue;
        }
        // "erhöhen Sie die Beleuchtung": a pronoun straight before a thing is the one spoken to.
        if (sense.pronoun && !sense.article && isNamedAhead(said, i)) continue;
        // "la lumière de la cuisine, éteins-la", "the kitchen light, turn it off": a pronoun said
        // after the one thing named, with words between, is that thing.
        const resumes =
          things.length === 1 &&
          (things[0]!.type === "device" || things[0]!.type === "kind") &&
          lastThingAt < i - 1;
        if (sense.pronoun && resumes && !(sense.article && isThingAhead(said, i, true))) continue;
        if (sense.pronoun && !(sense.article && isThingAhead(said, i, true))) {
          addThing({ text: item.text, type: "pronoun" }, i);
          continue;
        }
        // "schalte ein die Beleuchtung": a word that is an article and a particle is the particle
        // where no noun follows it.
        // "schalte ein alle Lichter": before "all" or an article, no article at all.
        const particle = sense.cues.size > 0 && (!isThingAhead(said, i) || isDeterminerNext(said, i));
        if (sense.article && !particle) continue;
        // "la luce del soffitto": "del" says by how much only before a level ("abbassa del 20 %");
        // before anything else it joins a thing to what says which.
        if (sense.preposition && !isLevel(next(i)) && [...sense.cues].every((cue) => cue === "by")) continue;
        if (sense.cues.size) {
          // "mets une chanson plus calme", "pon una canción más tranquila": music said with "a" is
          // another piece to put on, chosen by how it sounds, not the one playing made quieter.
          const saidBefore = said[i - 1];
          if (sense.cues.has("music") && saidBefore?.type === "word" && saidBefore.sense.indefinite)
            return undefined;
          if (
            somethings.has(item.text) &&
            saidBefore?.type === "word" &&
            saidBefore.sense.cues.has("verbs") &&
            !TURNS.some((cue) => saidBefore.sense.cues.has(cue)) &&
            !aBitMore(said, i)
          )
            somethingPut = true;
          // "draai aan de volumeknop", "dreh an der Lautstärke": "on" said before the volume and its
          // article is where one turns, no way to turn it.
          if (sense.cues.has("on") && beforeTheVolume(said, i)) return undefined;
          if (saysBareMusic(item.text) && !determined(said, i)) {
            someMusic = true;
            if (describedBefore(said, i)) musicDescribed = true;
          }
          for (const cue of sense.cues) cues.set(cue, (cues.get(cue) ?? 0) + 1);
          if (sense.half === "verb") {
            if (half) return undefined;
            half = "by";
          }
          if (comparatives.has(item.text) && (sense.cues.has("up") || sense.cues.has("down")))
            bareComparatives++;
          // "not so loud" is a request alone, but "the music is not so loud" says how it is;
          // "pas assez claire", not enough, says what is wrong however it is said.
          const negated = item.text.split(" ").some((w) => lexicon.senses(w)?.cues.has("negations"));
          if (sense.cues.has("brighter")) brighterSaid++;
          if (sense.cues.has("brighter") && item.text.includes(" ") && (negated || holdsStatement(item.text)))
            darkTold = true;
          // "sono più luminose", "est plus fort": more or less of it, said with a copula, says how it
          // is now, not what is wrong with it ("troppo luminose", "trop fort").
          if (
            CHANGES.some((cue) => sense.cues.has(cue)) &&
            item.text.includes(" ") &&
            !comparatives.has(item.text.split(" ")[0]!) &&
            (!negated || item.text.split(" ").some((w) => enough.has(w)))
          ) {
            complained = true;
            // "heller machen", "make it brighter": a change asked for by its verb is no complaint;
            // "il fait trop sombre" says how it is by its copula, though "fait" is also a verb.
            const words = item.text.split(" ");
            if (
              !words.some((w) => ASKED_FOR.some((cue) => lexicon.senses(w)?.cues.has(cue))) ||
              holdsCopula(words)
            )
              wrongSaid = true;
          }
          continue;
        }
        if (sense.preposition) continue;
        // Known only as a filler inside a longer phrase, or as nothing a command uses.
        addThing({ text: item.text, type: "unknown" }, i);
      }

      // Several devices only as named and joined, of the kinds a switch, a light or a speaker is;
      // a cover, a scene or a word nobody knows is left to one who knows what was meant.
      const joined =
        deviceJoins > 0 &&
        deviceJoins === things.length - 1 &&
        !places.length &&
        things.every(
          (t) => t.type === "device" && !!t.domains?.length && t.domains.every((d) => JOINED_DOMAINS.has(d)),
        );
      if (things.length > 1 && !joined) return undefined;
      if (deviceJoins && !joined) return undefined;
      // "pon algo más tranquilo": something put on, chosen by how it sounds; "pon algo más de luz"
      // names what there is more of.
      if (somethingPut && !things.length && !OBJECTS_NAMED.some((cue) => cues.has(cue))) return undefined;
      // "pon música más tranquila", "zet rustigere muziek op", "put on softer music": music with no
      // article, a verb and how it should sound, said as an adjective of it, ask for other music,
      // not the music playing made quieter ("mach die Musik leiser", "Musik lauter", "turn music
      // down", "le volume de musique" change it). Where adjectives agree and follow their noun
      // (`agreement`: "música más tranquila"), what follows the music describes it.
      if (
        someMusic &&
        cues.has("verbs") &&
        !cues.has("volume") &&
        (musicDescribed || (grammar.agreement && WAYS_OF_SOUND.some((cue) => cues.has(cue))))
      )
        return undefined;
      // "no quiero las luces apagadas": "no" said of a state is a negation, not no light.
      // "ich habe keinen Ton", "no sound from the speaker": what is missing, told, names no target.
      if (noneSaid === "mute" && things.length) return undefined;
      if (
        noneSaid &&
        [...cues.keys()].some(
          (c) => (c !== noneSaid && (noneSaid === "off" || c !== "volume")) || cues.get(c)! > 1,
        )
      )
        return undefined;
      // "volumen arriba", "brillo abajo": a floor's name that the grammar says as a direction
      // ("para arriba"), said straight after a volume or a brightness with no verb, is the
      // direction ("el volumen de arriba" is where).
      const last = said[said.length - 1];
      const beforeLast = said[said.length - 2];
      const straightAfter =
        beforeLast?.type === "word" &&
        (beforeLast.sense.cues.has("volume") || beforeLast.sense.cues.has("brightness"));
      const lastWay =
        last && (last.type === "name" || last.type === "unknown")
          ? directions.get(fold(last.text))
          : undefined;
      const direction = straightAfter ? lastWay : undefined;
      const asPlace = places.length === 1 && places[0]!.type === "area" && !places[0]!.preposition;
      // "luces arriba", "la luz abajo": such a floor said straight after a kind, with no verb, is
      // where (the lights upstairs, on) or which way (brighter): neither is read.
      if (
        lastWay &&
        last!.type === "name" &&
        asPlace &&
        !cues.size &&
        beforeLast?.type === "word" &&
        beforeLast.sense.kind !== undefined
      )
        return undefined;
      const asThing = things.length === 1 && things[0]!.type === "unknown" && things[0]!.text === last?.text;
      if (
        direction &&
        (last!.type === "name" ? asPlace && !things.length : asThing && !places.length) &&
        cues.size === 1 &&
        (cues.has("volume") || cues.has("brightness"))
      ) {
        places.length = 0;
        things.length = 0;
        cues.set(direction, 1);
      }
      // "qui in cucina", "aquí en la cocina", "here in the kitchen": here said with the room it is,
      // not joined to it, is that room.
      if (!joins && places.length === 2 && places.some((p) => p.type === "here")) {
        const area = places.find((p) => p.type === "area");
        if (area) places.splice(0, 2, area);
      }
      // Several places only as joined areas, each with the same kind said ("the lights in the
      // kitchen and the dining room") or none ("allume la cuisine et le salon": as one room said as
      // the thing); a device or an unknown name is left to one who knows it.
      if (places.length > 1) {
        if (joins !== places.length - 1 || places.some((p) => p.type !== "area")) return undefined;
        if (things.length && things[0]?.type !== "kind") return undefined;
      } else if (joins) return undefined;
      // It is the particle when the sentence has only a verb that needs one.
      if (particleBeforePlace && level === undefined && [...cues.keys()].every((c) => c === "verbs")) {
        for (const cue of particleBeforePlace) if (cue === "on" || cue === "off") cues.set(cue, 1);
      }
      if (
        verbBeforePlace &&
        things.length &&
        level === undefined &&
        [...cues.keys()].every((c) => c === "verbs")
      ) {
        for (const cue of verbBeforePlace) if (cue === "on" || cue === "off") cues.set(cue, 1);
      }
      // "the printer socket" for a device called "Printer Plug": the kind said by another of its
      // words. Taken when exactly one of the kind's words makes a name the home has.
      if (things[0]?.type === "unknown" && namedWithKind?.text === things[0].text) {
        const { before, kind } = namedWithKind;
        const named = [
          ...new Set((grammar.kinds[kind] ?? []).map((w) => joinWords([before, fold(w)]))),
        ].flatMap((text) => {
          const spotted = lookup(text);
          return spotted?.type === "device" ? [{ text, domains: spotted.domains }] : [];
        });
        if (named.length === 1) things[0] = { type: "device", ...named[0]! };
      }
      // "change the colour of the lamp": which colour is not said.
      if (colorNounSaid && color.color === undefined && color.kelvin === undefined) return undefined;
      const thing = things[0];
      const place = places[0];
      // "luci qua", "lumières dans le salon": in some languages a kind said with a place is switched
      // on; with a colour ("les lumières de la salle de bain en jaune") it is the colour asked for.
      const placedOn: Action | undefined =
        !cues.size &&
        level === undefined &&
        color.color === undefined &&
        color.kelvin === undefined &&
        place &&
        thing?.type === "kind" &&
        thing.kind &&
        grammar.placedKindMeansOn?.includes(thing.kind) &&
        !reasoned?.test(fold(sentence))
          ? { intent: "turn_on" }
          : undefined;
      // "is it too loud?", "¿está demasiado oscuro?", "trop fort ?": what is wrong, asked about
      // rather than said, is no command; "can you turn it down?" asks for one by its verb.
      // "¿está oscuro en la cocina?", "c'è troppa luce in cucina?": a place said changes nothing.
      const questioned =
        /[?¿]/.test(sentence) && (cues.has("copulas") || wrongSaid || (!things.length && !places.length));
      const asking = inverted.has(said[0]?.text ?? "") || questioned;
      const change = CHANGES.some((cue) => cues.has(cue));
      if (asking && change && !ASKED_FOR.some((cue) => cues.has(cue))) return undefined;
      // "die Lichter sollen aus sein", "de lampen moeten uit zijn": a wish, whose copula is no statement.
      // "es ist dunkel", "está oscuro": the copula said apart from what is wrong.
      if (cues.has("copulas") && complained && !things.length) darkTold = true;
      // "the music could be louder": a change suggested is wished for; a state suggested ("the
      // lights could be on") is a guess, unless a modal says it must be ("zou uit moeten zijn").
      const suggested = cues.delete("suggests");
      if (suggested && !change && !cues.has("modals")) return undefined;
      const wished = cues.delete("modals") || suggested;
      const before = cues.delete("pastCopulas");
      if (cues.delete("copulas") && !wished) {
        // "the kitchen lights are off": a state said, not asked for; "sono troppo intense": a change.
        // "The light is dim", "la luz está baja": a word alone says how a thing is, which may be
        // too little as well as too much; what is wrong is said with more ("too dim").
        // "it was too dark": what was wrong then is told, not asked to change now. "die Musik ist so
        // laut wie möglich": as far as it goes, said of how it is, says no way to change it.
        if (
          before ||
          !change ||
          !complained ||
          cues.has("full") ||
          level !== undefined ||
          color.color !== undefined ||
          color.kelvin !== undefined
        )
          return undefined;
      }
      // "say that last information again, louder": what is to be said again names no device.
      if (cues.has("speak") && thing?.type === "unknown") return undefined;
      // "háblame más de eso", "quiero escuchar más canciones": more said of the voice or of what
      // is heard, with no word of loudness, is more talk or more songs, never a louder speaker.
      if (
        cues.has("speak") &&
        bareComparatives > 0 &&
        bareComparatives >= (cues.get("up") ?? 0) + (cues.get("down") ?? 0) &&
        !cues.has("louder") &&
        !cues.has("quieter")
      )
        return undefined;
      const ways = new Map(cues);
      if (furtherDown(said)) {
        const ups = (ways.get("up") ?? 0) - 1;
        if (ups > 0) ways.set("up", ups);
        else ways.delete("up");
      }
      // "dimezza" alone: half of what is not said, which no step of the sound stands for.
      const read =
        placedOn ??
        actionOf(ways, level, levelSaid, thing, place !== undefined, color) ??
        (half ? undefined : bareStep(said, cues, sentence));
      const action = read && half ? halved(read, half) : read;
      if (!action) return undefined;
      // Two commands joined are read only as unmuting and then the volume.
      if (commandsJoined && (commandsJoined > 1 || !action.unmute)) return undefined;
      // The assistant's own voice is louder, softer or silent, never switched: "zet herhalen aan"
      // turns a player's repeat on, which is no command of ours.
      if (cues.has("speak") && !SOUND_INTENTS.has(action.intent)) return undefined;
      // "turn off some lights" switches some of them off, not every one, nor dims them: which ones
      // is not said. Switched on, some light is light ("turn on some lights").
      if (someOf && action.intent !== "turn_on") return undefined;
      // "set the radio to 40", "la tele a 12": a bare number said of a kind of player, not of its
      // sound, may be a station or a channel as well as a volume; a speaker's is its volume.
      const ofSound = cues.has("volume") || cues.has("music") || cues.has("speak") || soundOnlySaid;
      if (
        action.intent === "set_volume" &&
        levelBare &&
        thing?.type === "kind" &&
        !ofSound &&
        !action.towards
      )
        return undefined;
      // Steps counted are a change by that many steps, or no reading: never one step for three.
      if (steps !== undefined && (action.amount !== "step" || action.by !== undefined)) return undefined;
      if (thing?.type === "kind" && thing.kind && !READ_KINDS.has(thing.kind)) return undefined;
      if (thing?.type === "device" && thing.domains?.some((d) => !READ_DOMAINS.has(d))) return undefined;
      if (all && thing?.type !== "kind" && thing?.type !== "everything") return undefined;

      const match: FastMatch = { intent: action.intent };
      if (action.kind) match.kind = action.kind;
      const placeText = (p: Place | undefined) =>
        p ? `${p.preposition ?? (p.type === "area" ? prepositionOf : "")} ${p.text}`.trim() : undefined;
      // "make it darker in here", "mach es hier dunkler": what is made brighter or darker there is
      // the place itself, its light; "im Schlafzimmer ist es zu laut", "mach es im Bad leiser":
      // what is made louder or quieter there, its sound.
      const named = thing?.type === "pronoun" && place && PLACE_ITSELF.has(action.intent) ? undefined : thing;
      const nameIn = (p: Place | undefined) => {
        const where = placeText(p);
        return named ? (where ? `${named.text} ${where}` : named.text) : where;
      };
      const name = nameIn(place);
      if (name) match.name = name;
      if (places.length > 1) match.alsoIn = places.slice(1).map((p) => nameIn(p)!);
      if (joined) match.alsoIn = things.slice(1).map((t) => t.text);
      if (all) match.all = true;
      // "dame una luz tenue", "metti una luce più soffusa": a light of some brightness asked for is
      // the place's light made so, not one of its lights to choose ("baja una luz" still asks which).
      const brightnessAskedFor =
        oneOfABrightness &&
        (action.intent === "dim" || action.intent === "brighten") &&
        level === undefined &&
        !SWITCHES.some((cue) => cues.has(cue));
      if (one && !all && thing?.type === "kind" && !brightnessAskedFor) match.one = true;
      if (thing && !joined && (thing.type === "device" || thing.type === "unknown")) {
        const spoken = spokenAs(sentence, thing.text);
        // Only a name is quoted back: the words of a device or what sat where a name goes.
        if (spoken && !place) match.spokenName = spoken;
      }
      if (action.level !== undefined) match.level = action.level;
      if (action.towards) match.towards = action.towards;
      if (action.by !== undefined) match.by = action.by;
      if (action.amount) match.amount = action.amount;
      if (action.unmute) match.unmute = true;
      if (steps !== undefined && steps > 1) match.steps = steps;
      if (action.color) match.color = action.color;
      if (action.kelvin !== undefined) match.kelvin = action.kelvin;
      // "it's dark in the hall": said of a place or of none, with nothing asked of a light
      // ("the lights are too dim" tells of the lights that are on; "it's dark, turn the lights up"
      // asks for them brighter), it wants light where there is none as well.
      // "allume les lumières plus lumineuses", "turn the hall lights on brighter": on, and brighter,
      // asks the same of each light, whether it was off or on.
      if (
        action.intent === "brighten" &&
        level === undefined &&
        ((darkTold &&
          brighterSaid === 1 &&
          !thing &&
          !ASKED_FOR.some((cue) => cues.has(cue)) &&
          !cues.has("brightness")) ||
          cues.has("on") ||
          cues.has("lightOn"))
      )
        match.dark = true;
      return { match, certain: thing?.type !== "unknown" };
    },
  };
}

/**
 * A lowering by half ("baisse le volume de moitié", "dimezza il volume"), or the volume lowered to
 * half ("baja el volumen a la mitad"): half of what it is now. Half said any other way is the level
 * ("pon el volumen a la mitad") or, by half up, no reading.
 */
function halved(action: Action, half: "by" | "to"): Action | undefined {
  if (half === "to")
    return action.intent === "set_volume" && action.towards === "down"
      ? { intent: "volume_down", amount: "half" }
      : action;
  // "cut the sound in half": the sound cut by half is no mute, but half of it.
  if (action.intent === "mute") return { intent: "volume_down", amount: "half" };
  const lowers: ReadonlySet<FastIntent> = new Set(["volume_down", "step_down", "dim"]);
  if (!lowers.has(action.intent) || action.level !== undefined || action.by !== undefined) return undefined;
  return { ...action, amount: "half" };
}

function howSaid(before: Item | undefined): LevelSaid {
  if (before?.type !== "word") return "bare";
  const { cues } = before.sense;
  // A word that says both ("en 20 %" in Spanish) is read by the verb, as a bare level is.
  if (cues.has("by") && cues.has("to")) return "bare";
  return cues.has("by") ? "by" : cues.has("to") ? "to" : "bare";
}

/** Whether a kind of device is said next ("kein Licht", "keine Lampen"). */
function isKindNext(said: Item[], i: number): boolean {
  // "no necesito las luces": the kind's article may come between; "no more light", "no más luz":
  // so may "anymore".
  let next = i + 1;
  while (said[next] && (isArticle(said[next]!) || isAnymore(said[next]!))) next++;
  const after = said[next];
  return after?.type === "word" && !!after.sense.kind;
}

/** A "none" said next, of a kind or of the sound ("ya no necesito la luz" after "ya"). */
function isNoneNext(said: Item[], i: number): boolean {
  const after = said[i + 1];
  return (
    after?.type === "word" &&
    after.sense.cues.has("none") &&
    (isKindNext(said, i + 1) || isSoundNext(said, i + 1))
  );
}

/** The sound or the volume said next, its article and "anymore" between ("no more sound"). */
function isSoundNext(said: Item[], i: number): boolean {
  let next = i + 1;
  while (said[next] && (isArticle(said[next]!) || isAnymore(said[next]!))) next++;
  const after = said[next];
  return after?.type === "word" && after.sense.cues.has("volume") && !after.sense.kind;
}

/** Whether what is wrong, said in more than one word ("troppo intensa"), follows. */
function isComplaintNext(said: Item[], i: number): boolean {
  const after = said[i + 1];
  return (
    after?.type === "word" && after.text.includes(" ") && CHANGES.some((cue) => after.sense.cues.has(cue))
  );
}

/**
 * How many items after the level at `at` count it of ten ("5 out of 10", "fünf von zehn", "5 van
 * de 10"): the words that join it (`FastPathGrammar.outOf`), an article, then ten; 0 when none do.
 */
function outOfTen(said: readonly Item[], at: number): number {
  const of = said[at + 1];
  if (of?.type !== "word" || !of.sense.outOf) return 0;
  const skip = said[at + 2] !== undefined && isArticle(said[at + 2]!) ? 1 : 0;
  const ten = said[at + 2 + skip];
  const isTen =
    (ten?.type === "number" && ten.value === 10) ||
    (ten?.type === "word" && ten.sense.number === 10 && !ten.sense.level && !ten.sense.kind);
  return isTen ? 2 + skip : 0;
}

/** A word of a level on a scale of ten ("level", "Stufe"). */
function isScale(item: Item | undefined): boolean {
  return item?.type === "word" && item.sense.cues.has("scale");
}

function isAnymore(item: Item): boolean {
  return item.type === "word" && item.sense.cues.has("anymore");
}

/** A word that can be a preposition, whatever else it may say. */
function isPrepositionWord(item: Item): boolean {
  return item.type === "word" && !!item.sense.preposition;
}

function isPreposition(item: Item): boolean {
  // "del" says by how much only before a level: between two words of a name it is "of".
  return (
    item.type === "word" && !!item.sense.preposition && [...item.sense.cues].every((cue) => cue === "by")
  );
}

/** Changes that, said of "it" in a place, are the place's own light or sound ("make it darker in here"). */
const PLACE_ITSELF: ReadonlySet<FastIntent> = new Set(["brighten", "dim", "volume_up", "volume_down"]);
/** Cues that say a change, which a copula can carry ("sono troppo intense"). */
const CHANGES: readonly Cue[] = ["brighter", "dimmer", "louder", "quieter"];
/** Changes a number said just before is the amount of ("10 hoger", "10 lauter"). */
const AMOUNT_BEFORE: readonly Cue[] = ["up", "down", ...CHANGES];
/** Cues a word said alone may ask by itself ("loud!", "leise!"), which how much before it tells instead. */
const TOLD_WHEN_INTENSIFIED: readonly Cue[] = [...CHANGES, "mute"];
/** Cues that say a way to change: up or down, of anything, of a light or of a sound. */
const WAYS = AMOUNT_BEFORE;
/** Cues of a verb that says which way it turns something: "baja algo" is the volume a bit down. */
const TURNS: readonly Cue[] = [...WAYS, "on", "off", "mute", "unmute"];
/**
 * "zet iets harder", "zet wat zachter": "a bit" before one word of a change of the sound or the
 * light, with nothing put anywhere after it ("zet iets rustiger op" puts on something calmer).
 */
function aBitMore(said: Item[], i: number): boolean {
  const compared = said[i + 1];
  return (
    compared?.type === "word" &&
    !compared.text.includes(" ") &&
    CHANGES.some((cue) => compared.sense.cues.has(cue)) &&
    !said.slice(i + 2).some((item) => item.type === "word" && item.sense.cues.has("to"))
  );
}
/** Cues that name what a command acts on without a device. */
const OBJECTS_NAMED: readonly Cue[] = ["volume", "music", "brightness", "lightOn", "lightOff"];
/** A word that says how much ("un poco", "molto") and nothing else. */
function howMuchOnly(sense: WordSense): boolean {
  const { cues, first, ...rest } = sense;
  return (
    cues.size === 1 &&
    !first.size &&
    (cues.has("lot") || cues.has("bit")) &&
    Object.values(rest).every((v) => v === undefined || v === false)
  );
}
/**
 * Whether a word of how much stands right before the kind at `i`, or before "of" and its article
 * ("some lights", "some of the lights", "wat lampen", "wat van de lampen"): some of that kind,
 * not a degree.
 */
function saysSomeOf(said: Item[], i: number): boolean {
  let j = i - 1;
  const word = (k: number) => {
    const item = said[k];
    return item?.type === "word" ? item : undefined;
  };
  if (word(j)?.sense.article) {
    while (j >= 0 && isArticle(said[j]!)) j--;
    if (!word(j)?.sense.partitive) return false;
    j--;
    // "wat van de lampen": "of" and its article said as one.
  } else if (word(j)?.sense.partitive) j--;
  const before = word(j);
  return !!before && howMuchOnly(before.sense);
}

/** Cues of a command asked for, even as a question: a verb, a direction, the assistant's voice. */
const ASKED_FOR: readonly Cue[] = ["verbs", "up", "down", "on", "off", "lightOn", "lightOff", "speak"];

/**
 * Whether item `i` stands between a verb and the volume, its article said first ("draai aan de
 * volumeknop", "dreh an der Lautstärke"), not after ("zet het volume aan").
 */
function beforeTheVolume(said: Item[], i: number): boolean {
  let at = i - 1;
  while (said[at]?.type === "word" && (said[at] as Item & { type: "word" }).sense.filler) at--;
  const verb = said[at];
  if (verb?.type !== "word" || !verb.sense.cues.has("verbs")) return false;
  const next = said[i + 1];
  if (next?.type !== "word") return false;
  if (next.sense.article && !next.sense.cues.has("volume")) {
    const after = said[i + 2];
    return after?.type === "word" && after.sense.cues.has("volume");
  }
  return next.sense.cues.has("volume") && next.text.includes(" ");
}

/**
 * Whether item `i` is said with an article or a pronoun that makes it the one there is ("la
 * musique", "this song"), not some of it ("de la musique", "della musica", "algo de música").
 */
function determined(said: Item[], i: number): boolean {
  const before = said[i - 1];
  if (before?.type !== "word" || before.sense.preposition) return false;
  if (!before.sense.article && !before.sense.pronoun) return false;
  const of = said[i - 2];
  return !(of?.type === "word" && of.sense.preposition && !of.sense.article);
}

function isArticle(item: Item): boolean {
  return item.type === "word" && !!item.sense.article && !item.sense.cues.size;
}

/** Whether a name or a kind follows, after any articles ("Sie die Beleuchtung"). */
function isNamedAhead(said: Item[], i: number): boolean {
  let j = i + 1;
  while (j < said.length && isArticle(said[j]!)) j++;
  const after = said[j];
  return j > i && !!after && (after.type === "name" || (after.type === "word" && !!after.sense.kind));
}

/** Whether "all" or an article follows: a word before one is no article itself. */
function isDeterminerNext(said: Item[], i: number): boolean {
  const after = said[i + 1];
  return after?.type === "word" && (!!after.sense.quantifier || isArticle(after));
}

/** Cues that are nouns: what a level is of, and what plays. */
const NOUN_CUES: readonly Cue[] = ["volume", "brightness", "music"];

/** Whether a noun follows an article-or-pronoun ("la lampe": an article; "éteins-la": a pronoun). */
function isThingAhead(said: Item[], i: number, throughArticles = false): boolean {
  // "le mie casse", "la mia lampada": a pronoun-or-article before a possessive is an article.
  let next = i + 1;
  while (throughArticles && said[next] && said[next + 1] && isArticle(said[next]!)) next++;
  const after = said[next];
  if (!after) return false;
  if (after.type === "name" || after.type === "unknown" || after.type === "number") return true;
  if (after.type !== "word") return false;
  const { sense } = after;
  // "la luminosité", "reduce la intensidad", "baja la música": a noun of what a level is of takes the article too.
  // "la couleur de la lampe": the word for colour too.
  const noun = NOUN_CUES.some((cue) => sense.cues.has(cue)) || !!sense.colorNoun;
  return !!sense.kind || !!sense.everything || !!sense.quantifier || noun;
}
