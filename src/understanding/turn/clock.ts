// The time and the date, from the bridge's clock tool in Home Assistant's time zone: only the
// home's own. A question about another place or day ("what time is it in tokyo", "what's the
// date next saturday") is not answered with it.
import { BUILTIN_TOOLS } from "../../config/own-servers.js";
import { normalizeName } from "../../spoken-name.js";
import { fill } from "../grammar.js";
import { failureSpeech } from "../spoken-result.js";
import type { FastPathOutcome } from "../outcome.js";
import { dateOf, isoWeek, timeSaid } from "../speech.js";
import { fold } from "../sentence.js";
import type { Turn } from "./turn.js";

export async function tellTime(turn: Turn, intent: "query_time" | "query_date"): Promise<FastPathOutcome> {
  const r = turn.replies;
  if (turn.match.about !== undefined && !(await isHome(turn, turn.match.about))) {
    // "l'heure d'aller au lit", "time in tokyo" read by where their words stand: no question of the
    // clock that this reading knows of; handed on as any sentence not understood.
    if (turn.match.guessed) return { kind: "no_match", speech: r.cannotYet, results: [] };
    // HA's agent would answer with the home's clock; a language model may know the place's.
    return { kind: "unsure", speech: r.onlyHere, results: [], elsewhere: true };
  }
  const result = await turn.call({ ...BUILTIN_TOOLS, name: "get_datetime" }, {});
  const iso = result.structuredContent?.iso;
  const zone = result.structuredContent?.time_zone;
  if (!result.ok || typeof iso !== "string" || typeof zone !== "string") {
    return turn.done(failureSpeech(r, result), "error");
  }
  const at = new Date(iso);
  const time = timeSaid(turn.grammar, at, zone);
  const date = fill(r.date, { date: dateOf(turn.grammar, at, zone) });
  if (intent === "query_date" && turn.match.week) {
    return turn.done(fill(r.week, { week: String(isoWeek(at, zone)) }), "query_answer");
  }
  if (intent === "query_date") {
    const checked = turn.match.weekend
      ? isWeekend(at, zone)
      : turn.match.checks && isToday(turn.grammar.locale, turn.match.checks, at, zone);
    const said = checked === undefined ? date : `${checked ? r.dateYes : r.dateNo} ${date}`;
    return turn.done(said, "query_answer");
  }
  return turn.done(turn.match.alsoDate ? `${time} ${date}` : time, "query_answer");
}

/**
 * Whether the words said around the question name the home: "here", one of its areas or floors,
 * the home's own name in Home Assistant, its own time zone ("in my time zone"), or the city of
 * that zone ("in london" at Europe/London).
 */
async function isHome(turn: Turn, about: string): Promise<boolean> {
  const { targets } = turn;
  if (targets.placeWord(about)) return true;
  const place = targets.stripPlaceWords(about);
  // "in my time zone", "local time": the home's own zone, said with its own words. With them
  // stripped, "in that time zone" would be it too: another zone, named before.
  const prepositions = turn.grammar.areaPrepositions.map(normalizeName);
  const ownZone = (turn.grammar.clock.ownZone ?? []).flatMap((z) => [
    normalizeName(z),
    ...prepositions.map((p) => normalizeName(`${p} ${z}`)),
  ]);
  if (ownZone.includes(normalizeName(about))) return true;
  const config = turn.deps.mirror.config();
  const city = config?.time_zone.split("/").at(-1)?.replace(/_/g, " ");
  const own = [config?.location_name, city].filter((n): n is string => !!n).map(normalizeName);
  // "che ore sono ad Amsterdam": a city's own preposition, which no area has.
  const cityPrepositions = (turn.grammar.clock.cityPrepositions ?? []).map(normalizeName);
  const first = normalizeName(place).split(" ");
  const bare = cityPrepositions.includes(first[0]!) ? first.slice(1).join(" ") : first.join(" ");
  if (own.includes(normalizeName(place)) || own.includes(bare)) return true;
  return targets.findPlace(await turn.context(), place) !== undefined;
}

/** Each language's seven weekday and twelve month names, folded, made once per language and zone. */
const calendarNames = new Map<string, { weekdays: string[]; months: string[] }>();

/**
 * Whether `name` (folded) is today's weekday or month in the home's zone, as the language names
 * them; undefined when it is neither a weekday's nor a month's name there.
 */
function isToday(locale: string, name: string, at: Date, timeZone: string): boolean | undefined {
  const said = (options: Intl.DateTimeFormatOptions, when: Date) =>
    fold(new Intl.DateTimeFormat(locale, { timeZone, ...options }).format(when));
  const key = `${locale} ${timeZone}`;
  let names = calendarNames.get(key);
  if (!names) {
    // Seven days and twelve months, from one known day: 2024-01-01 was a Monday.
    names = {
      weekdays: Array.from({ length: 7 }, (_, i) =>
        said({ weekday: "long" }, new Date(Date.UTC(2024, 0, 1 + i, 12))),
      ),
      months: Array.from({ length: 12 }, (_, i) =>
        said({ month: "long" }, new Date(Date.UTC(2024, i, 15, 12))),
      ),
    };
    calendarNames.set(key, names);
  }
  if (names.weekdays.includes(name)) return said({ weekday: "long" }, at) === name;
  if (names.months.includes(name)) return said({ month: "long" }, at) === name;
  return undefined;
}

/** Whether the day `at` is in the home's zone is a Saturday or a Sunday, the weekend of the six languages' countries. */
function isWeekend(at: Date, timeZone: string): boolean {
  const day = new Intl.DateTimeFormat("en", { timeZone, weekday: "short" }).format(at);
  return day === "Sat" || day === "Sun";
}
