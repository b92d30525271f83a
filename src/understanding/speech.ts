import { fill } from "./grammar.js";
import type { FastPathGrammar, SensorKind } from "./grammar-types.js";

/** Replies start with a capital letter, whatever the template or the device name begins with. */
export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** "Kitchen Light, Kettle and Fan" in the grammar's language. */
export function listOf(grammar: FastPathGrammar, names: string[]): string {
  return new Intl.ListFormat(grammar.locale, { type: "conjunction" }).format(names);
}

/** The most names one spoken reply lists; past it, it says how many. */
export const MAX_SPOKEN_NAMES = 8;

/**
 * "Kitchen Light and Fan can't do that", or, past what a reply can list ("make every light in the
 * house blue" in a home of white lights), how many devices cannot.
 */
export function cannotDoSpeech(grammar: FastPathGrammar, names: string[]): string {
  return names.length > MAX_SPOKEN_NAMES
    ? fill(grammar.replies.noneCanDo, { count: names.length })
    : fill(names.length > 1 ? grammar.replies.cannotDoMany : grammar.replies.cannotDo, {
        name: listOf(grammar, names),
      });
}

/** "or" lists, for questions: "Ceiling Light (Kitchen) or Ceiling Light (Bedroom)". */
export function choiceOf(grammar: FastPathGrammar, names: string[]): string {
  return new Intl.ListFormat(grammar.locale, { type: "disjunction" }).format(names);
}

/** A number and unit as the language reads them: 21.5 °C → "21,5 Grad" in German. */
export function quantity(grammar: FastPathGrammar, value: number, unit?: string): string {
  const number = new Intl.NumberFormat(grammar.locale, { maximumFractionDigits: 1 }).format(value);
  if (!unit) return number;
  return `${number} ${grammar.units[unit] ?? unit}`;
}

/** A reading as HA or a device reports it ("21.5", "°C"; "48 %"), read aloud. */
export function reading(grammar: FastPathGrammar, value: string, unit?: string): string {
  const split = /^\s*(-?\d+(?:[.,]\d+)?)\s*(.*)$/.exec(value);
  if (!split?.[1]) return unit ? `${value} ${grammar.units[unit] ?? unit}` : value;
  const number = Number(split[1].replace(",", "."));
  return quantity(grammar, number, unit ?? (split[2]?.trim() || undefined));
}

/**
 * A reading and how old it is ("1,432.5 watts, 10 minutes ago", "1.432,5 Watt, vor 10 Minuten"),
 * in the language's own words for a time past (Intl.RelativeTimeFormat).
 */
export function readingWithAge(grammar: FastPathGrammar, said: string, ageMs: number): string {
  const seconds = Math.max(1, Math.round(ageMs / 1000));
  const [amount, unit]: [number, Intl.RelativeTimeFormatUnit] =
    seconds < 90
      ? [seconds, "second"]
      : seconds < 90 * 60
        ? [Math.round(seconds / 60), "minute"]
        : seconds < 36 * 3600
          ? [Math.round(seconds / 3600), "hour"]
          : [Math.round(seconds / 86_400), "day"];
  return `${said}, ${new Intl.RelativeTimeFormat(grammar.locale, { numeric: "always" }).format(-amount, unit)}`;
}

/**
 * A device's reading in the language's words for a device, never as a room's: what it draws
 * ("Dryer Plug is using 5 watts"), else the reading of it ("The temperature of Office Sensor is
 * 21.5 degrees"); in the past for an old reading, whose value says its age ("… was using
 * 1,432.5 watts, 10 minutes ago").
 */
export function deviceReading(
  grammar: FastPathGrammar,
  kind: SensorKind,
  name: string,
  value: string,
  old = false,
): string {
  const forms = kind === "power" ? grammar.replies.deviceUsing : grammar.replies.deviceReading;
  return fill(old ? forms.past : forms.now, { name, value, sensor: grammar.sensorNames[kind] });
}

export function timeOf(grammar: FastPathGrammar, at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(grammar.locale, { timeZone, hour: "numeric", minute: "2-digit" }).format(at);
}

/** "It is 13:05."; "Es la 1:05.", "È l'1:05.": one o'clock is singular where the language says so. */
export function timeSaid(grammar: FastPathGrammar, at: Date, timeZone: string): string {
  const hour = new Intl.DateTimeFormat("en", { timeZone, hour: "numeric", hourCycle: "h23" }).format(at);
  const form =
    Number(hour) === 1 ? (grammar.replies.timeAtOne ?? grammar.replies.time) : grammar.replies.time;
  return fill(form, { time: timeOf(grammar, at, timeZone) });
}

export function dateOf(grammar: FastPathGrammar, at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(grammar.locale, {
    timeZone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(at);
}

/**
 * The week of the year of the day `at` is in the home's zone, as ISO 8601 counts them: weeks start
 * on Monday, and week 1 holds the year's first Thursday.
 */
export function isoWeek(at: Date, timeZone: string): number {
  const part = (parts: Intl.DateTimeFormatPart[], type: string) =>
    Number(parts.find((p) => p.type === type)?.value);
  const parts = new Intl.DateTimeFormat("en", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(at);
  const [year, month, day] = [part(parts, "year"), part(parts, "month"), part(parts, "day")];
  const date = new Date(Date.UTC(year, month - 1, day));
  // The Thursday of the same week decides its year and number.
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const firstOfYear = Date.UTC(date.getUTCFullYear(), 0, 1);
  return Math.ceil(((date.getTime() - firstOfYear) / 86_400_000 + 1) / 7);
}
