// A command for a later time ("turn off the kitchen light in 5 minutes", "um 7 Uhr", "demain"),
// or for a while ("mute for 10 minutes", "stumm für eine Stunde"). The bridge has nothing that
// runs a command later, so a command for later is never carried out now, and never read as a
// device named "kitchen light in 5 minutes"; one for a while is done now, and the user told that
// nothing undoes it later. The words for the time are found (each language's `later` words); what
// is left is read as the command.
import type { FastPathGrammar } from "./grammar-types.js";
import { alternation, createCleaner, fold, remover } from "./sentence.js";

export function createLaterTime(grammar: FastPathGrammar) {
  const { after, units, at, clock, atHour, atBareHour, words, during, until, hush, setUp } = grammar.later;
  // A number in digits or in the grammar's words: a count of units, or an hour.
  const spoken = alternation(Object.keys(grammar.numbers));
  const count = `(?:\\d+|${spoken})`;
  const hour = `(?:\\d{1,2}|${spoken})(?:\\s+\\d{2})?`;
  // A bare hour after `words` ("um 8"), never followed by a unit of a level or a count of steps,
  // nor by one more number word and one ("at twenty five percent" is a level, not "at 20").
  // "at ten" as "at 10": an hour said in words is an hour too.
  const hourWords = Object.keys(grammar.numbers).filter(
    (w) => grammar.numbers[w]! >= 1 && grammar.numbers[w]! <= 24,
  );
  const bareHour = (words: string[]) =>
    `(?:${alternation(words)})\\s+(?:[01]?\\d|2[0-4]${hourWords.length ? `|${alternation(hourWords)}` : ""})(?=\\s|$)(?!(?:\\s+(?:${spoken}))?\\s+(?:${alternation([...grammar.cues.percent, ...grammar.cues.steps])})(?:\\s|$))`;
  const byAlso = (atBareHour ?? []).filter((w) => grammar.cues.by.includes(w));
  const atHourOnly = (atBareHour ?? []).filter((w) => !byAlso.includes(w));
  const forms = [
    // "in 5 minutes", "in half an hour", "dans une demi heure", "over een kwartier": a span.
    `(?:${alternation(after)})\\s+(?:\\S+\\s+){0,2}?(?:${alternation(units)})`,
    // "at 7 pm", "um 7 Uhr", "om half acht", "à 19h30": a time of day with its clock word.
    `(?:${alternation(at)})\\s+(?:${hour}\\s+(?:${alternation(clock)})|\\d{1,2}h\\d{0,2})`,
    // "a las 7", "alle 19": words that say a time of day follows.
    ...(atHour.length ? [`(?:${alternation(atHour)})\\s+${hour}`] : []),
    // "at 10", "um 8": an hour in digits with no unit after it ("at 10 percent" is a level, "um 2
    // Stufen" a count of steps).
    ...(atHourOnly.length ? [bareHour(atHourOnly)] : []),
    // "tomorrow", "tonight", "later".
    alternation(words),
  ];
  const phrase = new RegExp(`(?:^|\\s)(?:${forms.join("|")})(?=\\s|$)`, "g");
  // "erhöhe die Lautstärke um 10": where the word for an hour is also the word for by how much, a
  // bare number after it is the amount when the sentence says the sound goes up or down, as a
  // volume is counted with no unit ("mach das Licht um 8 an", "fahr den Rollladen um 7 runter"
  // stay a time), and sets no level besides ("stell die Lautstärke um 8 auf 20" is a time). A
  // light's level is said in percent: "dimme das Licht um zehn" is at ten o'clock, "um zehn
  // Prozent" by ten.
  const { cues } = grammar;
  const level = [...cues.volume, ...cues.louder, ...cues.quieter];
  const direction = [...cues.up, ...cues.down, ...cues.louder, ...cues.quieter];
  const has = (list: string[]) => new RegExp(`(?:^|\\s)(?:${alternation(list)})(?=\\s|$)`);
  const byOrAt = byAlso.length
    ? {
        hour: new RegExp(`(?:^|\\s)(?:${bareHour(byAlso)})(?=\\s|$)`, "g"),
        level: has(level),
        direction: has(direction),
        toLevel: new RegExp(`(?:^|\\s)(?:${alternation(cues.to)})\\s+(?:\\d+|${spoken})(?=\\s|$)`),
      }
    : undefined;
  const byAmount = (folded: string) =>
    !!byOrAt && byOrAt.level.test(folded) && byOrAt.direction.test(folded) && !byOrAt.toLevel.test(folded);
  // "for 10 minutes", "für eine Stunde", "per le prossime due ore": a while.
  const span = `(?:${alternation(during)})\\s+(?:\\S+\\s+){0,3}?(?:${alternation(units)})`;
  // "until five o'clock", "hasta las cinco de la tarde", "finché non te lo dico": a while, to the end.
  // "tot drie uur 's middags", "bis 5 Uhr abends": the part of the day, said after the time.
  const dayPart = until?.dayParts?.length ? `(?:\\s+(?:${alternation(until.dayParts)}))?` : "";
  const ends = until && [
    `(?:${alternation(until.time)})\\s+(?:${hour}\\s+(?:${alternation(clock)})|\\d{1,2}h\\d{0,2}|${alternation(words)})${dayPart}`,
    ...(until.hour.length ? [`(?:${alternation(until.hour)})\\s+${hour}`] : []),
  ];
  const awhile = new RegExp(`(?:^|\\s)(?:${span})(?=\\s|$)`, "g");
  // "twenty minutes quiet", "wees dertig minuten stil": a span with no word before it, which says
  // a while only when what is left is a mute ("turn off the light 5 minutes" may mean "in"), or
  // in a language that says a duration so (`bareSpanLasts`).
  // "eine Stunde", "een uur": one unit said with the indefinite article, as with a number.
  const indefinite = alternation(grammar.indefinites ?? []);
  const bareCount = indefinite ? `(?:${count}|${indefinite})` : count;
  const bareSpan = new RegExp(`(?:^|\\s)${bareCount}\\s+(?:${alternation(units)})(?=\\s|$)`, "g");
  // What follows the time is more of it ("hasta las cinco de la tarde"), except where the verb may
  // come last ("bis 17 Uhr stumm"): there only the time is taken. A clause is taken to its end.
  const untilEnd =
    ends &&
    new RegExp(
      `(?:^|\\s)(?:${ends.join("|")})(?=\\s|$)${until.verbLast ? "" : ".*$"}|(?:^|\\s)(?:${alternation(until.clause)})(?=\\s|$).*$`,
      "g",
    );
  const clean = createCleaner(grammar);
  // "guten Morgen, mach das Licht an", "goeie morgen": a greeting or a reason the grammar knows,
  // in more than one word, says no time, though one of its words ("Morgen": tomorrow) would.
  const laterWord = new Set(words.map(fold).filter((w) => !w.includes(" ")));
  const asides = remover(
    [...grammar.fillers, ...(grammar.reasons ?? [])].filter((p) => {
      const said = fold(p).split(" ");
      return said.length > 1 && said.some((w) => laterWord.has(w));
    }),
  );
  const hushed = hush?.length ? new RegExp(`^(?:${alternation(hush)})$`) : undefined;
  const setting = setUp?.length ? new RegExp(`(?:^|\\s)(?:${alternation(setUp)})(?=\\s|$)`) : undefined;

  /**
   * The sentence without its words for a later time or a while, and which; undefined when it has
   * none. `hush`: what is left only asks for quiet, which for a while is a mute; `muteOnly`: the
   * span is a while only if what is left is a mute; `setUp`: a later time in a request for
   * something to be set up ("an automation that … at sunset"), no command.
   */
  return function timeOf(
    text: string,
  ): { rest: string; when: "later" | "while"; hush?: true; muteOnly?: true; setUp?: true } | undefined {
    const folded = asides(fold(text));
    const strip = (from: string, pattern: RegExp) => from.replace(pattern, " ").replace(/\s+/g, " ").trim();
    // "silencio hasta mañana": a while that ends tomorrow, though "mañana" alone is a later time.
    const untilLess = untilEnd ? strip(folded, untilEnd) : folded;
    const atHour = byOrAt && !byAmount(folded) ? strip(untilLess, byOrAt.hour) : untilLess;
    const later = strip(atHour, phrase);
    if (later !== untilLess)
      return setting?.test(folded)
        ? { rest: later, when: "later", setUp: true }
        : { rest: later, when: "later" };
    const rest = strip(untilLess, awhile);
    if (rest === folded) {
      const bare = strip(folded, bareSpan);
      if (bare === folded) return undefined;
      return grammar.later.bareSpanLasts
        ? { rest: bare, when: "while" }
        : { rest: bare, when: "while", muteOnly: true };
    }
    return hushed?.test(clean(rest)) ? { rest, when: "while", hush: true } : { rest, when: "while" };
  };
}
