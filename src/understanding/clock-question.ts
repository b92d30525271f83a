// The time and the date asked in any plain form, by the words a sentence is made of rather than by
// their order: "tell me the time", "sag mal die Uhrzeit", "on est quel jour", "¿me dices la hora?".
// A sentence is read when every word is one of the grammar's `clock` words (and its fillers,
// articles and "now" words), but for one word in a place only a verb can stand ("inform me",
// "indícame"): a question about another place or day has a word of its own ("in tokyo",
// "tomorrow", "tokyo time") and is left to the templates, which hand it on (turn/clock.ts).
import type { FastPathGrammar } from "./grammar-types.js";
import { clockSlip, grammarWords } from "./reading/spelling.js";
import { numberWords } from "./number-words.js";
import { createCleaner, escape, fold, WAKE_WORDS, withoutWakeWord, wordsAsWritten } from "./sentence.js";
import { withRecentAnswers } from "../shared/recent-answers.js";

export interface ClockQuestion {
  intent: "query_time" | "query_date";
  /** The date was asked too ("what's the time and date"). */
  alsoDate?: true;
  /** The words of a place said with the question ("time in amsterdam", "amsterdam time"). */
  about?: string;
  /**
   * The place was guessed from where its words stand, not read: the question is the clock's only
   * when the place is the home's (turn/clock.ts); otherwise the sentence was not understood.
   */
  guessed?: true;
  /** The one day's or month's name checked of today ("is it monday": "monday"), folded. */
  checks?: string;
  /** The week's number was asked ("what week is it"). */
  week?: true;
  /** Whether today is in the weekend was asked ("is it the weekend"). */
  weekend?: true;
}

/** "today" asks for the date only when nothing names the time or the date ("was ist heute"). */
type Role =
  | "time"
  | "date"
  | "today"
  | "week"
  | "weekend"
  | "present"
  | "day"
  | "partOfDay"
  | "dayOfMonth"
  | "asking"
  | "greeting"
  | "setting"
  | "otherDay";

/** A day of the month in digits, with or without its ordinal ending ("9", "9th", "5e", "1er"). */
const DAY_OF_MONTH = /^(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th|e|er|eme|re|de|ste|te|o|a)?$/;
const DAYS_IN_A_MONTH = 31;
/** "Today" and a day's name have at most this many words of the copula between ("aujourd'hui c'est un mardi"). */
const COPULA_LONGEST = 2;
/** A year in digits ("2026"), part of a date said to be checked ("is today the 6th of march 2026"). */
const YEAR = /^(?:19|20)\d\d$/;

/** A question with "today" and no word of the date or time has at most this many phrases. */
const TODAY_ALONE_LONGEST = 4;
/** Phrases of up to this many words are looked up ("in my current time zone"). */
const LONGEST = 5;
/** A place guessed around the question has at most this many words ("new york", "los angeles"). */
const PLACE_LONGEST = 2;
/** Shorter unknown words are not taken for verbs: too many names and particles are that short. */
const SHORTEST_VERB = 3;
/** A verb known by its ending alone is at least this long ("indicarme", not "miami"). */
const SHORTEST_BY_ENDING = 6;

/** A misspelt word of the question is read for one of at least this many letters ("tiem" for "time"). */
const SHORTEST_MISSPELT = 4;

/** Words as the clock reader compares them: folded, elided articles apart ("l'heure" → "l heure"). */
const words = (text: string) => fold(text).replace(/'/g, " ").split(" ").filter(Boolean);

/**
 * The words written with a capital inside the sentence (folded): names ("Tokyo") and, in German,
 * nouns. None of them is a verb. The first word's capital says nothing.
 */
function capitalised(sentence: string): Set<string> {
  const said = sentence
    .replace(/[\u2019'`\u00b4]/g, " ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return new Set(
    said
      .slice(1)
      .filter((w) => /^\p{Lu}/u.test(w))
      .map(fold),
  );
}

export function createClockQuestion(grammar: FastPathGrammar) {
  const clean = createCleaner(grammar);
  const roles = new Map<string, Role>();
  const add = (list: string[], role: Role) => {
    for (const phrase of list) {
      const key = words(phrase).join(" ");
      // A word that names the time or date keeps that role over being an asking word.
      if (key && (role !== "asking" || !roles.has(key))) roles.set(key, role);
    }
  };
  add(grammar.clock.time, "time");
  add(grammar.clock.date, "date");
  add(grammar.clock.today, "today");
  add(grammar.clock.week ?? [], "week");
  add(grammar.clock.weekend ?? [], "weekend");
  add(grammar.clock.days ?? [], "day");
  add(grammar.clock.greetings ?? [], "greeting");
  add(grammar.clock.settings ?? [], "setting");
  add(grammar.clock.otherDays ?? [], "otherDay");
  add(grammar.clock.present ?? [], "present");
  // A part of the day never takes the role a word already has ("late" of "how late").
  for (const phrase of grammar.clock.partsOfDay ?? []) {
    const key = words(phrase).join(" ");
    if (key && !roles.has(key)) roles.set(key, "partOfDay");
  }
  add(
    [
      ...grammar.clock.asking,
      ...grammar.articles,
      ...grammar.now,
      ...grammar.fillers,
      ...(grammar.address ?? []),
    ],
    "asking",
  );
  // "the time in my time zone", "l'heure dans ce fuseau horaire": the home's own zone is here and
  // now, said with or without its preposition (turn/clock.ts answers from the home's zone).
  const ownZone = grammar.clock.ownZone ?? [];
  const zonePrepositions = grammar.areaPrepositions.filter((p) => !p.includes(" ") && !p.endsWith("'"));
  // A zone said as the clock's own word and words that say nothing more ("local time", "hora
  // local", "Ortszeit") asks that word; "this time zone" names the zone, and asks nothing.
  for (const zone of [
    ...ownZone,
    ...zonePrepositions.flatMap((p) => ownZone.map((zone) => `${p} ${zone}`)),
  ]) {
    const said = words(zone).map((w) => roles.get(w));
    const named = said.find((r) => r === "time" || r === "date");
    const nothingMore = said.every((r) => r === named || r === "asking");
    add([zone], named && nothingMore ? named : "asking");
  }
  // The assistant called by its name anywhere in the question ("ok olly what time is it").
  add([...WAKE_WORDS, ...WAKE_WORDS.map((w) => w.split(" ").at(-1)!)], "asking");
  // A day of the month, in order or as a number ("ist heute der neunte", "oggi è il cinque marzo"),
  // where the word has no other role ("un" stays an article).
  const monthDays = [
    ...(grammar.clock.ordinals ?? []),
    ...numberWords(grammar)
      .filter(([, n]) => n >= 1 && n <= DAYS_IN_A_MONTH)
      .map(([w]) => w),
  ];
  for (const key of monthDays.map((d) => words(d).join(" ")))
    if (key && !roles.has(key)) roles.set(key, "dayOfMonth");
  const singleWords = (list: string[]) =>
    new Set(
      list
        .map(words)
        .filter((w) => w.length === 1)
        .flat(),
    );
  // "in einer Stunde", "en una hora", "over een uur": a span from now (later.ts's words) is another time.
  const spanStart = singleWords(grammar.later.after);
  const units = singleWords(grammar.later.units);
  const fromNow = (said: string[]) =>
    said.some((w, i) => spanStart.has(w) && said.slice(i + 1, i + 3).some((u) => units.has(u)));
  // "in tokyo", "à paris", "a las siete": what follows a preposition is a place or a time.
  const prepositions = new Set([...singleWords(grammar.areaPrepositions), ...spanStart]);
  // "qué hora es en el este": a preposition and its article, then nothing the clock knows (the
  // noun, "este", was taken for a word that says nothing): a place was named.
  const determiners = singleWords(grammar.articles);
  // An article that is a pronoun too ("vandaag is het maandag": "it") says no other day.
  const pronouns = singleWords(grammar.pronouns);
  const placeLeftOff = (said: string[]) =>
    said.some((w, i) => {
      if (!prepositions.has(w)) return false;
      let j = i + 1;
      while (j < said.length && determiners.has(said[j]!)) j++;
      return j > i + 1 && j === said.length;
    });
  // "che ore sono là", "quelle heure est-il là-bas": an article written with an accent is a word of
  // place ("là", there), which folding made an article; unless the grammar's asking words list it
  // as written and it stands alone (spoken French "il est quelle heure là": now).
  const askedAsWritten = new Set(grammar.clock.asking.map((w) => w.toLowerCase()));
  const accentedArticle = (sentence: string) =>
    sentence
      .toLowerCase()
      .split(/[^\p{L}-]+/u)
      .some((said) =>
        said
          .split("-")
          .some(
            (w) =>
              w !== fold(w) && determiners.has(fold(w)) && (said.includes("-") || !askedAsWritten.has(w)),
          ),
      );
  // The words each setting writes without an accent ("que" of "recuérdame que"): written with
  // one in the sentence ("qué"), they are another word, and the setting is not said.
  const settingsPlain = new Map(
    (grammar.clock.settings ?? []).map((phrase) => [
      words(phrase).join(" "),
      wordsAsWritten(phrase).filter((w) => w === fold(w)),
    ]),
  );
  const verbs = grammar.clock.verbs;
  const before = new Set((verbs?.before ?? []).map(fold));
  const after = new Set((verbs?.after ?? []).map(fold));
  // What follows a verb of asking: what it asks for ("the time", "me", "what time it is").
  const asked = new Set([...singleWords(grammar.articles), ...before, ...(verbs?.questions ?? []).map(fold)]);
  const endings = (verbs?.endings ?? []).map(fold);
  const final = verbs?.final;
  const modals = new Set((final?.modals ?? []).map(fold));

  /**
   * Whether a modal comes before the words of the time or date: "kannst du mir die Uhrzeit
   * durchgeben" asks for them. Said first, they ask when the infinitive's doing is ("wie spät
   * willst du essen", "hoe laat moet ik vertrekken"): another time than now.
   */
  const modalAsks = (said: string[]) => {
    const modal = said.findIndex((w) => modals.has(w));
    return modal >= 0 && modal < said.findIndex((w) => asking.has(w));
  };

  /** Whether the unknown word at `i` of the sentence's words stands where only a verb can. */
  function isVerb(said: string[], i: number, names: Set<string>): boolean {
    const word = said[i]!;
    const previous = said[i - 1];
    if (word.length < SHORTEST_VERB || !/^\p{L}+$/u.test(word) || names.has(word)) return false;
    if (previous !== undefined && prepositions.has(previous)) return false;
    const next = said[i + 1];
    if (next !== undefined && before.has(next)) return true;
    if (previous !== undefined && after.has(previous) && next !== undefined && asked.has(next)) return true;
    if (word.length >= SHORTEST_BY_ENDING && endings.some((e) => word.endsWith(e))) return true;
    return (
      final !== undefined &&
      i === said.length - 1 &&
      // "kannst du mir die Uhrzeit zeigen morgen": a word the grammar knows for anything else is
      // meant as said, not as the infinitive closing the question.
      !known.has(word) &&
      i > 0 &&
      final.endings.some((e) => word.endsWith(e)) &&
      modalAsks(said)
    );
  }

  // The words that name what is asked ("time", "Uhrzeit", "fecha"), as a misspelling may stand
  // for them, by a slip the clock reads (reading/spelling.ts `clockSlip`: never one letter for
  // another, "tide", "rate" being other words than "time", "date"). A word the grammar knows for
  // anything else ("lock", "later", "timer") is meant as said.
  const known = grammarWords(grammar);
  const subjects = [...roles].filter(
    ([key, role]) =>
      (role === "time" || role === "date" || role === "today") &&
      key.length >= SHORTEST_MISSPELT &&
      !key.includes(" "),
  );
  /** The role of the word `word` misspells ("spt", "tiime", "tmie"), when it can mean only that. */
  // Asked of every word of every sentence, and again by each of its readings.
  const misspeltRole = withRecentAnswers((word: string): Role | undefined => {
    if (word.length < SHORTEST_MISSPELT - 1 || known.has(word) || !/^\p{L}+$/u.test(word)) return undefined;
    const meant = new Set<Role>();
    for (const [key, role] of subjects) if (clockSlip(word, key)) meant.add(role);
    return meant.size === 1 ? [...meant][0] : undefined;
  });

  // "lheure", "cest", "daujourdhui", "id like": an elided word written without its apostrophe, as
  // speech-to-text often does, read as said with it when a word of the clock's follows. Only a
  // word no list of the grammar knows is taken apart.
  const elided = new Set<string>();
  const clockPhrases = Object.values(grammar.clock).flatMap((v: unknown) =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [],
  );
  for (const phrase of [...clockPhrases, ...grammar.articles])
    for (const m of fold(phrase).matchAll(/(\p{L}+)'/gu)) elided.add(m[1]!);
  const clockTokens = new Set([...roles.keys()].flatMap((key) => key.split(" ")));
  const unglued = (word: string): string | undefined => {
    for (let k = 1; k < word.length; k++) {
      const head = word.slice(0, k);
      if (!elided.has(head)) continue;
      const rest = word.slice(k);
      const tail = clockTokens.has(rest) ? rest : unglued(rest);
      if (tail) return `${head}'${tail}`;
    }
    return undefined;
  };
  const withElisions = (folded: string) =>
    folded
      .split(" ")
      .map((w) => (w.includes("'") || known.has(w) || clockTokens.has(w) ? w : (unglued(w) ?? w)))
      .join(" ");

  /**
   * One word of each phrase that asks the time or the date, its longest ("time" of "what time"): a
   * question holds one of them.
   */
  const asking = new Set(
    [...roles].flatMap(([key, role]) =>
      role === "time" || role === "date" || role === "today"
        ? [key.split(" ").reduce((a, b) => (b.length > a.length ? b : a))]
        : [],
    ),
  );

  // "is it morning", "ist es schon Abend": a part of the day's longest word is looked at too, as
  // with `asking` ("por la mañana": "manana"; never "la", which nearly every sentence holds).
  const partWords = new Set(
    [...roles].flatMap(([key, role]) =>
      role === "partOfDay" ? [key.split(" ").reduce((a, b) => (b.length > a.length ? b : a))] : [],
    ),
  );

  /** Whether a part of the day is said among `said` ("mittag", "de mañana"). */
  const saysPartOfDay = (said: string[]) =>
    said.some((_, i) =>
      Array.from({ length: Math.min(LONGEST, said.length - i) }, (_, n) =>
        said.slice(i, i + n + 1).join(" "),
      ).some((key) => roles.get(key) === "partOfDay"),
    );

  // "is it monday", "siamo a marzo": a day's name is looked at too, as "it is" may check it.
  const dayNames = new Set(
    [...roles].flatMap(([key, role]) => (role === "day" && !key.includes(" ") ? [key] : [])),
  );
  // "c'est quoi mardi", "welcher Tag ist Montag": a question word asks of the day named; only
  // "is it monday", "sommes-nous mardi" check today's.
  const questionWords = new Set((verbs?.questions ?? []).map(fold));
  // "l'ora ad amsterdam": a city's prepositions too, where an area's are others.
  const cityPrepositions = new Set([...prepositions, ...(grammar.clock.cityPrepositions ?? []).map(fold)]);
  /** A word that may be part of a place's name: no role, no slip of the clock's words, letters only. */
  const nameWord = (w: string | undefined) =>
    w !== undefined && !roles.has(w) && !known.has(w) && !misspeltRole(w) && /^\p{L}{2,}$/u.test(w);
  const phraseList = (list: string[]) => list.map((p) => words(p)).filter((p) => p.length);
  /** Each of `phrases` said in `whole`, with the position of its first word. */
  const phrasesIn = (whole: string[], phrases: string[][]) => {
    const found: Array<{ at: number; phrase: string[] }> = [];
    for (let at = 0; at < whole.length; at++)
      for (const phrase of phrases)
        if (phrase.every((w, k) => whole[at + k] === w)) found.push({ at, phrase });
    return found;
  };
  /** The positions of the words of the phrases found. */
  const positionsOf = (found: ReturnType<typeof phrasesIn>) =>
    new Set(found.flatMap(({ at, phrase }) => phrase.map((_, k) => at + k)));
  /** Where each of `phrases` is said in `whole`: the positions of its words. */
  const saidAt = (whole: string[], phrases: string[][]) => positionsOf(phrasesIn(whole, phrases));
  // "haben wir März": "it is" and "we are" as said, politeness and all ("haben" is one of them).
  const presentPhrases = phraseList(grammar.clock.present ?? []);
  // "in a week", "en una semana": another day said in several words, wherever they stand.
  const otherDayPhrases = phraseList(grammar.clock.otherDays ?? []).filter((p) => p.length > 1);
  // "it's time", "c'est l'heure", "è già ora": "it is" and the time's word, and nothing else but
  // articles and "now": the time has come for something, which asks nothing.
  const itIsPhrases = phraseList([...(grammar.clock.itIs ?? []), ...(grammar.clock.present ?? [])]).map(
    // "are we in", "siamo a": the phrase's preposition is no copula ("time in amsterdam").
    (p) => (p.length > 1 && cityPrepositions.has(p.at(-1)!) ? p.slice(0, -1) : p),
  );
  const addressed = new Set((grammar.clock.addressed ?? []).map(fold));
  // "ora", now and the hour in Italian, is the time's word.
  const nowTokens = new Set(grammar.now.flatMap((p) => words(p)).filter((w) => roles.get(w) !== "time"));
  const statesTime = (folded: string) => {
    // Said as it was: "è" (and "e", and) is among the fillers politeness drops.
    const whole = words(withoutWakeWord(folded));
    const copula = saidAt(whole, itIsPhrases);
    if (!copula.size) return false;
    // "hoelaat is t", "es ist wieviel Uhr": a word of the time that holds a question word asks.
    const asks = (w: string) => [...questionWords].some((q) => w.startsWith(q));
    // "it's about time", "es ist wohl Zeit": after the copula, a word that only says how near asks
    // nothing ("wut time is it" asks with its first word).
    const from = Math.min(...copula);
    if (whole.some((w, i) => i > from && !copula.has(i) && addressed.has(w))) return false;
    const rest = whole.filter(
      (w, i) =>
        !copula.has(i) &&
        !determiners.has(w) &&
        !nowTokens.has(w) &&
        !(i > from && roles.get(w) === "asking" && !asks(w)),
    );
    return rest.length > 0 && rest.every((w) => roles.get(w) === "time" && !asks(w));
  };
  const asksNothing = (list: string[]) => list.every((w) => roles.get(w) === "asking");
  // "what's on today", "was habe ich heute", "cosa ho oggi": looked for among the words as said,
  // as the cleaner drops pronouns and verbs of having.
  const agendaPhrases = phraseList(grammar.clock.agenda ?? []);
  const weekPhrases = phraseList(grammar.clock.week ?? []);
  /**
   * A word of the calendar said with the week, outside its own phrase ("what's on this week"; not
   * "calendar week"). Right after a phrase that asks which week ("qué semana tenemos", "qué
   * número de semana tenemos"), it is the question's verb: what we have is which week it is.
   */
  const weekAgenda = (whole: string[]) => {
    const weekSaid = phrasesIn(whole, weekPhrases);
    const week = positionsOf(weekSaid);
    const askedWeekEnds = new Set(
      weekSaid
        .filter(({ at, phrase }) => questionWords.has(phrase[0]!) || questionWords.has(whole[at - 1] ?? ""))
        .map(({ at, phrase }) => at + phrase.length),
    );
    return [...saidAt(whole, agendaPhrases)].some((i) => !week.has(i) && !askedWeekEnds.has(i));
  };

  /**
   * The question `said` (the sentence's words, politeness and wake word dropped) asks, or
   * undefined. `folded` and `sentence` are the whole, for a verb's neighbours and for capitals.
   */
  function read(said: string[], folded: string, sentence: string): ClockQuestion | undefined {
    const accented = new Set(
      wordsAsWritten(sentence)
        .filter((w) => w !== fold(w))
        .map(fold),
    );
    const found = new Set<Role>();
    const unknown: number[] = [];
    let pieces = 0;
    let last: Role | undefined;
    /** Where the words after the last "today" begin. */
    let todayEnd: number | undefined;
    /** The week named by its number ("week number", "Kalenderwoche"), not with a question word. */
    let weekNumber = false;
    /** Where each part of the day said starts and ends. */
    const parts: Array<[number, number]> = [];
    for (let i = 0; i < said.length; pieces++) {
      let n = Math.min(LONGEST, said.length - i);
      let role: Role | undefined;
      for (; n > 0; n--) {
        const key = said.slice(i, i + n).join(" ");
        role = roles.get(key);
        // "recuérdame qué día es": a word the setting writes plain, said with its accent, asks.
        if (role === "setting" && settingsPlain.get(key)?.some((w) => accented.has(w))) role = undefined;
        if (role) {
          // "today's date on friday", "la fecha de hoy el viernes": a weekday after a preposition or
          // an article names another day than today ("is today friday" checks today's); a month
          // after a day of the month ("the fifth of march") is that date's. "Siamo a marzo",
          // "estamos en marzo": the preposition of "we are" is theirs (the phrase holds it).
          const previous = said[i - 1];
          // "is today a tuesday", "hoy es un martes": an article right after today and its copula
          // says what today is; right after today with no copula, in a question of the date, it is
          // the day the date is asked of ("qué fecha es hoy el jueves").
          const between = todayEnd === undefined ? undefined : said.slice(todayEnd, i - 1);
          const todayIs =
            between !== undefined &&
            between.length <= COPULA_LONGEST &&
            (between.length > 0 || !found.has("date")) &&
            between.every(
              (w) =>
                (roles.get(w) === "asking" || roles.get(w) === "present") &&
                !prepositions.has(w) &&
                !determiners.has(w),
            );
          const another =
            role === "day" &&
            last !== "present" &&
            !found.has("dayOfMonth") &&
            previous !== undefined &&
            (prepositions.has(previous) ||
              (determiners.has(previous) && !pronouns.has(previous) && !todayIs));
          // "at the weekend", "on the weekend", "am Wochenende": when something is, not whether today
          // is in it ("estamos en fin de semana": the preposition of "we are" is theirs).
          let before = i - 1;
          while (before >= 0 && determiners.has(said[before]!)) before--;
          const when =
            role === "weekend" && last !== "present" && before >= 0 && prepositions.has(said[before]!);
          if (another || when) role = "otherDay";
          if (role === "today") todayEnd = i + n;
          if (role === "week" && !said.slice(i, i + n).some((w) => questionWords.has(w))) weekNumber = true;
          if (role === "partOfDay") parts.push([i, i + n]);
          found.add(role);
          break;
        }
      }
      // "hoe laat is het op de maan": a word after a preposition is a place, never a slip ("maand").
      let back = i - 1;
      while (back >= 0 && determiners.has(said[back]!)) back--;
      const placed = back >= 0 && prepositions.has(said[back]!);
      const meant = n === 0 && !placed ? misspeltRole(said[i]!) : undefined;
      if (n === 0 && (DAY_OF_MONTH.test(said[i]!) || YEAR.test(said[i]!))) {
        found.add((role = "dayOfMonth"));
        n = 1;
      } else if (meant) {
        found.add((role = meant));
        n = 1;
      } else if (n === 0) {
        unknown.push(i);
        n = 1;
      }
      last = role;
      i += n;
    }
    // "remind me at this time", "despiértame a esta hora": a time to be set, not asked.
    if (found.has("setting") || found.has("otherDay")) return undefined;
    // "en qué día estamos en una semana": another day said in words that another phrase began ("estamos en").
    if (saidAt(said, otherDayPhrases).size) return undefined;
    // "hora del este": the noun was taken for a word that says nothing ("este"), and politeness dropped.
    const whole = words(withoutWakeWord(folded));
    if (unknown.length > 1 || placeLeftOff(said) || placeLeftOff(whole) || accentedArticle(sentence))
      return undefined;
    if (unknown.length === 1) {
      // Its neighbours as said, politeness and all: "could you announce the time".
      const at = whole.indexOf(said[unknown[0]!]!);
      if (at < 0 || !isVerb(whole, at, capitalised(sentence))) return undefined;
    }
    // "ist heute Montag", "is today the ninth", "qué fecha es hoy jueves" check or ask today's date,
    // which the answer gives; "welcher Tag ist Montag", "what day is the ninth" ask about another day.
    // "Is it monday", "sommes-nous mardi", "siamo a marzo" check today's too, when no word names
    // the date or asks what the day holds; a day of the month so said may be another's ("is it
    // the 29th already"): only "today" makes it today's.
    if (found.has("day") || found.has("dayOfMonth") || found.has("weekend")) {
      const present =
        (found.has("present") || saidAt(words(withoutWakeWord(folded)), presentPhrases).size > 0) &&
        !found.has("date") &&
        !found.has("dayOfMonth") &&
        !said.some((w) => questionWords.has(w));
      if ((!found.has("today") && !present) || found.has("time")) return undefined;
      // One name checked is answered yes or no (turn/clock.ts); "monday or tuesday", the date.
      const named = said.filter((w) => roles.get(w) === "day");
      if (found.has("weekend") && !named.length && !found.has("dayOfMonth") && !found.has("date"))
        return { intent: "query_date", weekend: true };
      return named.length === 1 && !found.has("dayOfMonth") && !found.has("date") && !found.has("weekend")
        ? { intent: "query_date", checks: named[0]! }
        : { intent: "query_date" };
    }
    // "what week is it", "welche Kalenderwoche haben wir": its number. "What day of the week" holds
    // the day's word and asks the date; "what's on this week" asks what the week holds, as with
    // "today" below; the phrase alone is said of how the week went ("¡qué semana!"), but for the
    // week's number asked as a fragment ("week number?", "numéro de semaine").
    if (found.has("week") && !found.has("date") && !found.has("time") && (pieces > 1 || weekNumber))
      return weekAgenda(words(withoutWakeWord(folded))) ? undefined : { intent: "query_date", week: true };
    // "is it morning", "ist es schon Abend": a part of the day asked of now; the time answers it.
    // A part of the day said with the time or the date asks of another time ("dime la fecha de
    // mañana"), or of something else ("je me lève tôt aujourd'hui").
    if (found.has("partOfDay")) {
      if (found.has("time") || found.has("date") || found.has("today")) return undefined;
      const present = found.has("present") || saidAt(words(withoutWakeWord(folded)), presentPhrases).size > 0;
      // "is het ochtend of middag", "c'est le matin ou l'après-midi": one part of the day or the
      // next, after "it is", asks which it is now, and the "or" may be a question word too.
      const itIs = saidAt(whole, itIsPhrases).size > 0;
      const either = parts.some(
        ([, end], k) =>
          parts[k + 1] !== undefined &&
          parts[k + 1]![0] - end >= 1 &&
          parts[k + 1]![0] - end <= COPULA_LONGEST &&
          said.slice(end, parts[k + 1]![0]).every((w) => roles.get(w) === "asking"),
      );
      if (found.has("greeting")) return undefined;
      if (either && unknown.length === 0 && (present || itIs)) return { intent: "query_time" };
      return present && !said.some((w) => questionWords.has(w)) ? { intent: "query_time" } : undefined;
    }
    // "it's time, i'm leaving", "c'est l'heure, je pars": said with a reason, which the question is
    // read without, it is still no question; asked of someone ("est-ce que tu as l'heure") it is one.
    const toSomeone = words(folded).some((w) => addressed.has(w));
    if (found.has("time") && (statesTime(folded) || (!toSomeone && statesTime(said.join(" ")))))
      return undefined;
    if (found.has("time")) return { intent: "query_time", ...(found.has("date") ? { alsoDate: true } : {}) };
    if (found.has("date")) return { intent: "query_date" };
    // "what's today", "was ist heute": "today" asks the date only in a few words, and not after a
    // greeting or with a word of the calendar. "How are you feeling today", "what's on today", "what do I
    // have to do today" ask something else of the day.
    return found.has("today") &&
      !found.has("greeting") &&
      pieces <= TODAY_ALONE_LONGEST &&
      !saidAt(words(withoutWakeWord(folded)), agendaPhrases).size
      ? { intent: "query_date" }
      : undefined;
  }

  /**
   * Where a place may be said with the question: after it, behind a preposition and perhaps an
   * article, with only words that ask nothing after it ("time in amsterdam please", "l'heure à
   * Paris"); or first, right before the word of the time or date ("amsterdam time"). Its words'
   * start and end, or undefined. Nothing here tells a place from any other word ("l'heure de
   * dormir"): the turn answers only when the home has it.
   */
  function placeAround(said: string[]): { start: number; end: number; words: string[] } | undefined {
    for (let at = said.length - 2; at > 0; at--) {
      if (!cityPrepositions.has(said[at]!)) continue;
      let first = at + 1;
      while (first < said.length && determiners.has(said[first]!)) first++;
      let end = first;
      while (end < said.length && end - first < PLACE_LONGEST && nameWord(said[end])) end++;
      if (end > first && asksNothing(said.slice(end)))
        return { start: at, end, words: said.slice(first, end) };
    }
    const next = roles.get(said[1] ?? "");
    if (nameWord(said[0]) && (next === "time" || next === "date") && asksNothing(said.slice(2)))
      return { start: 0, end: 1, words: [said[0]!] };
    return undefined;
  }

  // The week's and the weekend's own words ("week", "Kalenderwoche", "weekend"), without the
  // question words the week's phrases hold.
  const weekWords = new Set(
    [...(grammar.clock.week ?? []), ...(grammar.clock.weekend ?? [])]
      .flatMap(words)
      .filter((w) => !questionWords.has(w) && !determiners.has(w)),
  );

  const spans = grammar.clock.spans;
  const spanWords = new Set((spans?.words ?? []).map(fold));
  const spanAfter = new Set((spans?.after ?? []).map(fold));
  const having = new Set((spans?.having ?? []).map(fold));
  /** Whether a word of time that also names a span is said of time spent or to spare (`clock.spans`). */
  const spent = (whole: string[]) =>
    whole.some((w, i) => {
      if (!spanWords.has(w)) return false;
      if (spanAfter.has(whole[i + 1] ?? "") && i + 2 < whole.length) return true;
      for (let j = i - 1; j >= 0; j--) {
        const before = whole[j]!;
        if (determiners.has(before) || questionWords.has(before)) return false;
        if (having.has(before)) return true;
      }
      return false;
    });

  const remindedOf = phraseList(grammar.clock.remindedOf ?? []);
  /**
   * "herinner me aan de datum", "erinnere mich an die Uhrzeit": reminded of the date or the time
   * alone is told it, as "remind me of the time" is; reminded of anything else ("aan de
   * vergadering", "an Dienstag", "an die Zeit von …") is a reminder to set.
   */
  function remindedOfTheClock(said: string[], folded: string, sentence: string): ClockQuestion | undefined {
    const phrase = remindedOf.find((p) => p.every((w, k) => said[k] === w));
    if (!phrase) return undefined;
    const rest = said.slice(phrase.length);
    if (!rest.some((w) => roles.get(w) === "date" || roles.get(w) === "time")) return undefined;
    const asked = read(rest, folded, sentence);
    if (!asked || Object.keys(asked).length > 1) return undefined;
    // "an die Zeit mit dir": a time of one's life; the time of day is said last ("an die Uhrzeit").
    return asked.intent === "query_date" || roles.get(rest.at(-1)!) === "time" ? asked : undefined;
  }

  /**
   * The clock's own phrases that dropping politeness and "now" would break ("de maintenant" →
   * "de", "au juste" → "au", "en este instante" → "en instante"), kept whole as they are read: one
   * pattern, the longest first, or null. Found on the first question cleaned, not at start-up, by
   * cleaning the phrases that hold a word of what the cleaner drops (no other can be broken).
   */
  let fragileSaid: RegExp | null | undefined;
  const fragilePattern = () => {
    if (fragileSaid !== undefined) return fragileSaid;
    const droppable = new Set(
      [...grammar.fillers, ...(grammar.reasons ?? []), ...grammar.now, ...WAKE_WORDS].flatMap(words),
    );
    const fragile = [...new Set(clockPhrases.map((p) => words(p).join(" ")))]
      .filter((key) => {
        if (!key.includes(" ") || !key.split(" ").some((w) => droppable.has(w))) return false;
        const cleaned = words(clean(key)).join(" ");
        return cleaned && cleaned !== key && roles.get(cleaned) !== roles.get(key);
      })
      .sort((a, b) => b.length - a.length)
      .map((key) => key.split(" ").map(escape).join("[\\s']+"));
    return (fragileSaid = fragile.length
      ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${fragile.join("|")})(?![\\p{L}\\p{N}])`, "gu")
      : null);
  };
  /** The sentence without politeness and "now", the clock's own phrases kept whole. */
  const cleanKeeping = (folded: string) => {
    const kept: string[] = [];
    const pattern = fragilePattern();
    const marked = pattern
      ? folded.replace(pattern, (said) => ` \u00a7${kept.push(words(said).join(" ")) - 1}\u00a7 `)
      : folded;
    return kept.length
      ? clean(marked).replace(/\u00a7(\d+)\u00a7/g, (_, n: string) => kept[Number(n)]!)
      : clean(folded);
  };

  const ask = (sentence: string): ClockQuestion | undefined => {
    const folded = withElisions(fold(sentence));
    // Most sentences name neither: one look at their words, and done.
    if (
      !words(folded).some(
        (w) => asking.has(w) || weekWords.has(w) || dayNames.has(w) || partWords.has(w) || misspeltRole(w),
      )
    )
      return undefined;
    // One word alone is no question, but "today": "Jour" and "Nuit" switch a scene in Home
    // Assistant's French sentences. The templates still read the few that are ("time"). Counted
    // before politeness and "now" are dropped: "fecha actual", "Datum bitte" are two words.
    const alone = words(withoutWakeWord(folded));
    // "Today?" alone asks the date, "Kalenderwoche?", "weeknummer?" the week's number: no scene or
    // device is called that.
    if (alone.length === 1) {
      const role = roles.get(alone[0]!);
      if (role === "week") return { intent: "query_date", week: true };
      return role === "today" ? { intent: "query_date" } : undefined;
    }
    if (alone.length < 2) return undefined;
    const said = words(cleanKeeping(folded));
    if (!said.length || fromNow(words(folded)) || spent(alone)) return undefined;
    const asked = read(said, folded, sentence) ?? remindedOfTheClock(said, folded, sentence);
    if (asked) return asked;
    // "time in amsterdam", "l'ora ad Amsterdam", "amsterdam tijd": the question with a place, which
    // is the home's, or the sentence is not understood.
    const place = placeAround(said);
    // "ist es Mittag in Berlin", "è sera a Tokyo?": a part of the day somewhere else.
    if (!place || saysPartOfDay(said)) return undefined;
    const question = read([...said.slice(0, place.start), ...said.slice(place.end)], folded, sentence);
    return question && { ...question, about: place.words.join(" "), guessed: true };
  };
  /** Whether the sentence says the time's word of time spent or to spare ("hast du kurz Zeit"). */
  const spentTime = (sentence: string) => spent(words(withoutWakeWord(withElisions(fold(sentence)))));
  return Object.assign(ask, { spentTime });
}
