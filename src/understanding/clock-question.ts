// The time and the date asked in any plain form, by the words a sentence is made of rather than by
// their order: "tell me the time", "sag mal die Uhrzeit", "on est quel jour", "¿me dices la hora?".
// Only a sentence made entirely of the grammar's `clock` words (and its fillers, articles and
// "now" words) is read: a question about another place or day has a word of its own ("in tokyo",
// "tomorrow") and is left to the templates, which hand it on (turn/clock.ts).
import type { FastPathGrammar } from "./grammar-types.js";
import { createCleaner, fold, withoutWakeWord } from "./sentence.js";

export interface ClockQuestion {
  intent: "query_time" | "query_date";
  /** The date was asked too ("what's the time and date"). */
  alsoDate?: true;
}

/** "today" asks for the date only when nothing names the time or the date ("was ist heute"). */
type Role = "time" | "date" | "today" | "day" | "asking";

/** Phrases of up to this many words are looked up. */
const LONGEST = 4;

/** Words as the clock reader compares them: folded, elided articles apart ("l'heure" → "l heure"). */
const words = (text: string) => fold(text).replace(/'/g, " ").split(" ").filter(Boolean);

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
  add(grammar.clock.days ?? [], "day");
  add([...grammar.clock.asking, ...grammar.articles, ...grammar.now, ...grammar.fillers], "asking");
  // "in einer Stunde", "en una hora", "over een uur": a span from now (later.ts's words) is another time.
  const singleWords = (list: string[]) =>
    new Set(
      list
        .map(words)
        .filter((w) => w.length === 1)
        .flat(),
    );
  const spanStart = singleWords(grammar.later.after);
  const units = singleWords(grammar.later.units);
  const fromNow = (said: string[]) =>
    said.some((w, i) => spanStart.has(w) && said.slice(i + 1, i + 3).some((u) => units.has(u)));

  return (sentence: string): ClockQuestion | undefined => {
    // One word alone is no question: "Jour" and "Nuit" switch a scene in Home Assistant's French
    // sentences. The templates still read the few that are ("time"). Counted before politeness
    // and "now" are dropped: "fecha actual", "Datum bitte" are two words.
    if (words(withoutWakeWord(fold(sentence))).length < 2) return undefined;
    const said = words(clean(fold(sentence)));
    if (!said.length || fromNow(words(fold(sentence)))) return undefined;
    const found = new Set<Role>();
    for (let i = 0; i < said.length;) {
      let n = Math.min(LONGEST, said.length - i);
      for (; n > 0; n--) {
        const role = roles.get(said.slice(i, i + n).join(" "));
        if (role) {
          found.add(role);
          break;
        }
      }
      if (n === 0) return undefined;
      i += n;
    }
    // "ist heute der neunte" checks today's date; "welcher Tag ist der neunte" asks about another day.
    if (found.has("day"))
      return found.has("today") && !found.has("time") ? { intent: "query_date" } : undefined;
    if (found.has("time")) return { intent: "query_time", ...(found.has("date") ? { alsoDate: true } : {}) };
    return found.has("date") || found.has("today") ? { intent: "query_date" } : undefined;
  };
}
