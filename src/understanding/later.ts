// A command for a later time ("turn off the kitchen light in 5 minutes", "um 7 Uhr", "demain"),
// or for a while ("mute for 10 minutes", "stumm für eine Stunde", "een uur stil", "mute until
// 5 pm", "lautlos bis ich was anderes sage"). The bridge has nothing that
// runs a command later, so a command for later is never carried out now, and never read as a
// device named "kitchen light in 5 minutes"; one for a while is done now, and the user told that
// nothing undoes it later. The words for the time are found (each language's `later` words); what
// is left is read as the command.
import type { FastPathGrammar } from "./grammar-types.js";
import { alternation, fold } from "./sentence.js";

export function createLaterTime(grammar: FastPathGrammar) {
  const { after, units, at, clock, atHour, words, during, until = [] } = grammar.later;
  const hour = `(?:\\d{1,2}|${alternation(Object.keys(grammar.numbers))})(?:\\s+\\d{2})?`;
  const forms = [
    // "in 5 minutes", "in half an hour", "dans une demi heure", "over een kwartier": a span.
    `(?:${alternation(after)})\\s+(?:\\S+\\s+){0,2}?(?:${alternation(units)})`,
    // "at 7 pm", "um 7 Uhr", "om half acht", "à 19h30": a time of day with its clock word.
    `(?:${alternation(at)})\\s+(?:${hour}\\s+(?:${alternation(clock)})|\\d{1,2}h\\d{0,2})`,
    // "a las 7", "alle 19": words that say a time of day follows.
    ...(atHour.length ? [`(?:${alternation(atHour)})\\s+${hour}`] : []),
    // "tomorrow", "tonight", "later".
    alternation(words),
  ];
  const phrase = new RegExp(`(?:^|\\s)(?:${forms.join("|")})(?=\\s|$)`, "g");
  // "for 10 minutes", "für eine Stunde", "een uur": a while; "twintig minuten stil": a number
  // of units said alone is one too.
  const span = `(?:${alternation(during)})\\s+(?:\\S+\\s+){0,2}?(?:${alternation(units)})`;
  const counted = `(?:\\d{1,3}|${alternation(Object.keys(grammar.numbers))})\\s+(?:${alternation(units)})`;
  const awhile = new RegExp(`(?:^|\\s)(?:${span}|${counted})(?=\\s|$)`, "g");
  // "until 5 pm", "bis morgen", "tot drie uur": up to a time, anywhere in the sentence;
  // "until I say so", "totdat mijn wekker gaat": up to the end of it. Never a level: "bis zum
  // Maximum", "tot de helft", "until 50 percent" say where a level goes, not for how long.
  const untilWords = alternation(until);
  const untilTime = new RegExp(
    `(?:^|\\s)(?:${untilWords})\\s+(?:${hour}\\s+(?:${alternation(clock)})|${alternation(words)})(?=\\s|$)`,
    "g",
  );
  const untilEnd = new RegExp(`(?:^|\\s)(?<word>${untilWords})\\s+(?<clause>\\S.*)$`);
  const folded = (words: string[]) => new Set(words.map((w) => fold(w)));
  const toWords = folded([...grammar.cues.to, ...grammar.areaPrepositions]);
  const articles = folded(grammar.articles);
  const levelWords = folded([...Object.keys(grammar.levels), ...Object.keys(grammar.numbers)]);
  const percent = new RegExp(`(?:^|\\s|\\d)(?:${alternation(grammar.cues.percent)})(?=\\s|$)`);
  /** "bis zum Maximum", "tot de helft", "until 50 percent": where a level goes. */
  const isLevel = (word: string, clause: string) => {
    const words = clause.split(" ");
    const first = words[0]!;
    return (
      percent.test(clause) ||
      toWords.has(first) ||
      (articles.has(first) && toWords.has(word)) ||
      ((levelWords.has(first) || /^\d+$/.test(first)) && words.length <= 2)
    );
  };
  const tidy = (text: string) => text.replace(/\s+/g, " ").trim();

  /**
   * The sentence without its words for a later time or a while, and which: each way its words may
   * be read, most likely first (the caller takes the first whose rest is a command); none when it
   * has no such words.
   */
  return function timeOf(text: string): Array<{ rest: string; when: "later" | "while" }> {
    const folded = fold(text);
    const readings: Array<{ rest: string; when: "later" | "while" }> = [];
    if (until.length) {
      const upTo = tidy(folded.replace(untilTime, " "));
      if (upTo !== folded) readings.push({ rest: upTo, when: "while" });
      const found = untilEnd.exec(folded);
      const clause = found?.groups;
      if (found && clause && !isLevel(clause.word!, clause.clause!))
        readings.push({ rest: tidy(folded.slice(0, found.index)), when: "while" });
    }
    for (const [when, pattern] of [
      ["later", phrase],
      ["while", awhile],
    ] as const) {
      const rest = tidy(folded.replace(pattern, " "));
      if (rest !== folded) {
        readings.push({ rest, when });
        break;
      }
    }
    return readings;
  };
}
