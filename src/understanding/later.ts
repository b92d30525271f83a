// A command for a later time ("turn off the kitchen light in 5 minutes", "um 7 Uhr", "demain"),
// or for a while ("mute for 10 minutes", "stumm für eine Stunde"). The bridge has nothing that
// runs a command later, so a command for later is never carried out now, and never read as a
// device named "kitchen light in 5 minutes"; one for a while is done now, and the user told that
// nothing undoes it later. The words for the time are found (each language's `later` words); what
// is left is read as the command.
import type { FastPathGrammar } from "./grammar-types.js";
import { alternation, fold } from "./sentence.js";

export function createLaterTime(grammar: FastPathGrammar) {
  const { after, units, at, clock, atHour, words, during } = grammar.later;
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
  // "for 10 minutes", "für eine Stunde", "een uur": a while.
  const span = `(?:${alternation(during)})\\s+(?:\\S+\\s+){0,2}?(?:${alternation(units)})`;
  const awhile = new RegExp(`(?:^|\\s)(?:${span})(?=\\s|$)`, "g");

  /** The sentence without its words for a later time or a while, and which; undefined when it has none. */
  return function timeOf(text: string): { rest: string; when: "later" | "while" } | undefined {
    const folded = fold(text);
    for (const [when, pattern] of [
      ["later", phrase],
      ["while", awhile],
    ] as const) {
      const rest = folded.replace(pattern, " ").replace(/\s+/g, " ").trim();
      if (rest !== folded) return { rest, when };
    }
    return undefined;
  };
}
