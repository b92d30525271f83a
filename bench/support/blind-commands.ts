// The blind command set (bench/support/blind-commands/README.md): loading each language's cases,
// what each one expects in the home of bench/support/blind-home.ts, its fixed practice/held-out
// part, and how a turn is judged. Commands, time questions and non-commands are judged as the
// practice corpora are (bench/support/practice-corpus.ts); yes/no questions about a device are
// judged here, by the state words of each language.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { AREAS, ENTITIES, SATELLITE_AREA } from "./practice-home.js";
import {
  answeredHereAndNow,
  COMMAND_KINDS,
  fold,
  judge,
  targetsOf,
  type CommandKind,
  type CorpusItem,
  type Expectation,
  type Turn,
  type Verdict,
} from "./practice-corpus.js";

export const LANGUAGES = ["en", "de", "fr", "es", "nl", "it"] as const;
export type Language = (typeof LANGUAGES)[number];

interface Case {
  text: string;
  kind?: string;
  entities?: string[];
  area?: string | string[];
  orArea?: string;
  floor?: string;
  home?: boolean;
  level?: number;
  time?: "time" | "date";
  elsewhere?: boolean;
  state?: { entity: string; on: boolean };
  none?: string;
  noAnswer?: boolean;
  unclear?: string;
  allowed?: string[];
}

export interface BlindItem extends CorpusItem {
  language: Language;
  /** A yes/no question about a device, judged here rather than by practice-corpus's judge. */
  state?: { entity: string; on: boolean };
  /** A non-command that no answer of ours with a fact may meet (a timer). */
  noAnswer?: boolean;
}

/** Held out when sha256("<lang>:" + folded text)'s first byte is 0 or 1 mod 5: about 40 %. */
export function blindPartOf(language: string, text: string): CorpusItem["part"] {
  const byte = createHash("sha256")
    .update(`${language}:${fold(text)}`)
    .digest()[0]!;
  return byte % 5 < 2 ? "held-out" : "practice";
}

const areasOf = (c: Case): string[] => {
  if (c.home) return AREAS.map((a) => a.id);
  if (c.floor) return AREAS.filter((a) => a.floor === c.floor).map((a) => a.id);
  if (c.area) return [c.area].flat();
  return [SATELLITE_AREA];
};

function expectationOf(c: Case): Expectation {
  if (c.kind) {
    if (!(COMMAND_KINDS as readonly string[]).includes(c.kind)) throw new Error(`unknown kind ${c.kind}`);
    const kind = c.kind as CommandKind;
    const first = c.entities ?? targetsOf(kind, areasOf(c));
    const targets = [first];
    if (c.orArea) targets.push(targetsOf(kind, [c.orArea]));
    if (!first.length) throw new Error(`"${c.text}" has nothing to act on`);
    for (const id of targets.flat())
      if (!ENTITIES.some((e) => e.id === id)) throw new Error(`"${c.text}": no entity ${id}`);
    return { type: "command", kind, targets, ...(c.level !== undefined ? { level: c.level } : {}) };
  }
  if (c.time) return { type: "question", kind: c.time, elsewhere: c.elsewhere === true };
  if (c.unclear !== undefined) return { type: "unclear", why: c.unclear, allowed: c.allowed ?? [] };
  // A state question and a non-command: nothing may act.
  return { type: "none" };
}

const here = dirname(fileURLToPath(import.meta.url));

export function loadBlind(language: Language): BlindItem[] {
  const cases = JSON.parse(readFileSync(join(here, "blind-commands", `${language}.json`), "utf8")) as Case[];
  return cases.map((c) => ({
    text: c.text,
    language,
    part: blindPartOf(language, c.text),
    label:
      c.kind ??
      (c.time
        ? `${c.time}${c.elsewhere ? " elsewhere" : ""}`
        : c.state
          ? "state"
          : (c.none ?? c.unclear ?? "?")),
    expect: expectationOf(c),
    ...(c.state ? { state: c.state } : {}),
    ...(c.noAnswer ? { noAnswer: true } : {}),
  }));
}

/** The words a reply uses for on and off, yes and no, in each language (Unicode word edges). */
const word = (alternatives: string) => new RegExp(`(?<![\\p{L}])(?:${alternatives})(?![\\p{L}])`, "iu");
const STATE_WORDS: Record<Language, { on: RegExp; off: RegExp; yes: RegExp; no: RegExp }> = {
  en: { on: word("on"), off: word("off"), yes: word("yes"), no: word("no") },
  de: { on: word("an|ein|eingeschaltet"), off: word("aus|ausgeschaltet"), yes: word("ja"), no: word("nein") },
  fr: { on: word("allumée?s?"), off: word("éteinte?s?"), yes: word("oui"), no: word("non") },
  es: { on: word("encendid[oa]s?"), off: word("apagad[oa]s?"), yes: word("sí"), no: word("no") },
  nl: { on: word("aan|ingeschakeld"), off: word("uit|uitgeschakeld"), yes: word("ja"), no: word("nee") },
  it: { on: word("acces[oaie]"), off: word("spent[oaie]"), yes: word("sì"), no: word("no") },
};

export interface BlindVerdict extends Verdict {
  /** A question answered rightly by us (a state, or the time here and now). */
  answered: boolean;
}

/** A turn judged against a blind item. */
export function judgeBlind(item: BlindItem, turn: Turn): BlindVerdict {
  const verdict: BlindVerdict = { ...judge(item, turn), answered: answeredHereAndNow(item, turn) };
  const ours = turn.handledBy === "fast-path" || turn.handledBy === "confirmation";
  if (!ours) return verdict;
  const answer = turn.responseType === "query_answer";
  if (item.noAnswer && answer)
    verdict.wrongAnswer = `answered a non-question: ${JSON.stringify(turn.speech)}`;
  if (item.state && answer) {
    const w = STATE_WORDS[item.language];
    const opening = turn.speech.trim().split(/[\s,.!]+/)[0] ?? "";
    const saysOn = w.on.test(turn.speech) || w.yes.test(opening);
    const saysOff = w.off.test(turn.speech) || w.no.test(opening);
    const right = item.state.on ? saysOn && !saysOff : saysOff && !saysOn;
    if (right) verdict.answered = true;
    else if (item.state.on ? saysOff : saysOn)
      verdict.wrongAnswer = `said the opposite of the device's state: ${JSON.stringify(turn.speech)}`;
  }
  return verdict;
}
