// A command for a later time: "turn off the kitchen light in 5 minutes", "um 7 Uhr", "demain".
// The bridge has nothing that runs a command later, so such a command is never carried out now
// and never read as a device named "kitchen light in 5 minutes": the words for the time are
// found (each language's `later` words), and what is left, if it is a command, is said to be
// one we cannot schedule yet.
import type { FastPathGrammar } from "./grammar-types.js";
import { alternation, fold } from "./sentence.js";

export function createLaterTime(grammar: FastPathGrammar) {
  const { after, units, at, clock, atHour, words } = grammar.later;
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

  /** The sentence without its words for a later time; undefined when it names none. */
  return function withoutLaterTime(text: string): string | undefined {
    const folded = fold(text);
    const rest = folded.replace(phrase, " ").replace(/\s+/g, " ").trim();
    return rest !== folded ? rest : undefined;
  };
}
