// What a practice corpus item means in the practice home (bench/support/practice-home.ts), and how
// one turn is judged against it. The corpora are public command sets that people wrote or said to
// other assistants, read at run time (bench/support/corpus-*.ts) and never
// copied into this repository. Each item is split by a hash of its text into a practice part and
// a held-out part, so that a change tuned on the first can be checked on the second.
import { createHash } from "node:crypto";
import type { ServiceCall } from "../../test/support/ha-server.js";
import {
  AREAS,
  domainOf,
  ENTITIES,
  entitiesOf,
  SATELLITE_AREA,
  type PracticeEntity,
} from "./practice-home.js";

/** The commands whose coverage is measured, by kind. */
export const COMMAND_KINDS = [
  "switch lights on",
  "switch lights off",
  "dim",
  "brighten",
  "plug on",
  "plug off",
  "raise volume",
  "lower volume",
  "set volume",
  "mute",
  "unmute",
  "play music",
  "stop music",
  "raise heat",
  "lower heat",
] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];
/** The kinds the issue's goal is about: lights, plugs and volume. */
export const GOAL_KINDS: ReadonlySet<CommandKind> = new Set([
  "switch lights on",
  "switch lights off",
  "dim",
  "brighten",
  "plug on",
  "plug off",
  "raise volume",
  "lower volume",
  "set volume",
  "mute",
  "unmute",
]);

export type Expectation =
  /**
   * A clear command: one of `targets` (each a set of entity ids, usually one set) must each get a
   * call that fits the kind, and nothing else may be acted on. `level` is a brightness or volume
   * in percent when the sentence says one ("to 30 percent").
   */
  | { type: "command"; kind: CommandKind; targets: string[][]; level?: number }
  /** A time or date question: about here and now, or about another place or day (never answered locally). */
  | { type: "question"; kind: "time" | "date"; elsewhere: boolean }
  /** Not a command for this home: nothing may be acted on. */
  | { type: "none" }
  /**
   * A command whose target the corpus does not pin down ("turn on the lamp" with two lamps):
   * acting on `allowed` is listed but not judged; acting on anything else is wrong.
   */
  | { type: "unclear"; why: string; allowed: string[] };

export interface CorpusItem {
  text: string;
  part: "practice" | "held-out";
  /** What the corpus says the sentence means, for the listing ("iot_hue_lightoff house_place=kitchen"). */
  label: string;
  expect: Expectation;
}

/** Case- and punctuation-folded text, the key items are deduplicated and split by. */
export const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** About one in five sentences is held out, chosen by a hash of the folded text (stable across runs). */
export function partOf(text: string): CorpusItem["part"] {
  const byte = createHash("sha256").update(fold(text)).digest()[0]!;
  return byte % 5 === 0 ? "held-out" : "practice";
}

const WHOLE_HOME =
  /^(?:the )?(?:house|home|whole house|whole home|entire house|everywhere|all rooms|every room|apartment|flat)$/;
const FLOORS: Record<string, string> = { downstairs: "ground", upstairs: "upstairs" };

/**
 * The areas a spoken place means: an area by name or alias, a floor, or the whole home; the
 * satellite's area when nothing is said; undefined when the home has no such place.
 */
export function placeAreas(place: string | undefined): string[] | undefined {
  if (!place) return [SATELLITE_AREA];
  const key = fold(place).replace(/^(?:the|my|our) /, "");
  if (WHOLE_HOME.test(key)) return AREAS.map((a) => a.id);
  const floor = FLOORS[key];
  if (floor) return AREAS.filter((a) => a.floor === floor).map((a) => a.id);
  const area = AREAS.find((a) => fold(a.name) === key || a.aliases.includes(key));
  return area ? [area.id] : undefined;
}

const ids = (list: PracticeEntity[]) => list.map((e) => e.id);
const initial = (id: string) => ENTITIES.find((e) => e.id === id);

/** What `kind` acts on in `areas`: every fitting device, or only those a relative change can move. */
export function targetsOf(kind: CommandKind, areas: string[]): string[] {
  switch (kind) {
    case "switch lights on":
    case "switch lights off":
      return ids(entitiesOf("light", areas));
    // A relative change moves the lights that are on ("dim the lights" turns none on).
    case "dim":
    case "brighten":
      return ids(entitiesOf("light", areas).filter((e) => e.state === "on"));
    case "plug on":
    case "plug off":
      return ids(entitiesOf("switch", areas, "outlet"));
    case "raise heat":
    case "lower heat":
      return ids(entitiesOf("climate", areas));
    default:
      return ids(entitiesOf("media_player", areas));
  }
}

/** A command's expectation, or "unclear" when the home has nothing of that kind there. */
export function command(
  kind: CommandKind,
  place: string | undefined,
  options: { level?: number; orWholeHome?: boolean } = {},
): Expectation {
  return commandIn(kind, placeAreas(place), place, options);
}

/** A command's expectation in the areas a place was read as (undefined: the home has no such place). */
export function commandIn(
  kind: CommandKind,
  areas: string[] | undefined,
  place: string | undefined,
  options: { level?: number; orWholeHome?: boolean } = {},
): Expectation {
  if (!areas) return { type: "unclear", why: `no place called "${place}"`, allowed: [] };
  const targets = [targetsOf(kind, areas)];
  if (options.orWholeHome)
    targets.push(
      targetsOf(
        kind,
        AREAS.map((a) => a.id),
      ),
    );
  if (!targets[0]!.length)
    return { type: "unclear", why: `no ${kind} target in ${areas.join(", ")}`, allowed: [] };
  return { type: "command", kind, targets, ...(options.level !== undefined ? { level: options.level } : {}) };
}

// --- judging one turn ---------------------------------------------------------------------------

export interface Turn {
  speech: string;
  responseType: string;
  /** The agent's own record: "fast-path", "confirmation", "home assistant", … */
  handledBy: string;
  /** The sentence went to HA's agent (`conversation/process`). */
  handedOn: boolean;
  calls: ServiceCall[];
}

export interface Verdict {
  /** A clear command carried out exactly. */
  done: boolean;
  /** Carried out by the fast path itself (not by HA's agent behind it). */
  doneByUs: boolean;
  wrongActions: string[];
  wrongAnswer?: string;
  /** Acted on an "unclear" item's allowed devices (listed, not judged). */
  unjudgedActions: string[];
  /** A question that is not about the home, answered by us with a reading or state. */
  localAnswer: boolean;
  acted: string[];
}

export const entityIdsOf = (c: ServiceCall) =>
  [c.target?.entity_id, c.service_data?.entity_id].flat().filter(Boolean).map(String);

export function describeCall(c: ServiceCall): string {
  const data = Object.entries(c.service_data ?? {})
    .filter(([k]) => k !== "entity_id")
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  return `${c.domain}.${c.service} ${entityIdsOf(c).join(",")}${data.length ? ` ${data.join(" ")}` : ""}`;
}

/** Brightness in percent after a light call, from its state before; undefined when the call says none. */
function brightnessAfter(call: ServiceCall, before: PracticeEntity): number | undefined {
  const d = call.service_data ?? {};
  const was = before.state === "on" ? (Number(before.attributes?.brightness ?? 255) * 100) / 255 : 0;
  if (typeof d.brightness_pct === "number") return d.brightness_pct;
  if (typeof d.brightness === "number") return (d.brightness * 100) / 255;
  if (typeof d.brightness_step_pct === "number")
    return Math.max(0, Math.min(100, was + d.brightness_step_pct));
  if (typeof d.brightness_step === "number")
    return Math.max(0, Math.min(100, was + (d.brightness_step * 100) / 255));
  return undefined;
}

/** Whether one call on one entity does what `kind` asks (with `level` when the sentence gave one). */
export function fits(kind: CommandKind, call: ServiceCall, entityId: string, level?: number): boolean {
  const before = initial(entityId);
  if (!before || domainOf(entityId) !== call.domain) return false;
  const { service } = call;
  const d = call.service_data ?? {};
  const isOn = before.state !== "off";
  const wasPct = isOn ? (Number(before.attributes?.brightness ?? 255) * 100) / 255 : 0;
  const near = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) < 1.01;
  switch (kind) {
    case "switch lights on":
    case "plug on": {
      if (service === "toggle") return !isOn;
      if (service !== "turn_on") return false;
      const pct = brightnessAfter(call, before);
      return level !== undefined ? near(pct, level) : pct !== 0;
    }
    case "switch lights off":
    case "plug off":
      if (service === "toggle") return isOn;
      return service === "turn_off" || (service === "turn_on" && brightnessAfter(call, before) === 0);
    case "dim":
    case "brighten": {
      if (service !== "turn_on") return false;
      const pct = brightnessAfter(call, before);
      if (pct === undefined) return false;
      if (level !== undefined) return near(pct, level);
      return kind === "dim" ? pct < wasPct && pct > 0 : pct > wasPct;
    }
    case "raise volume":
    case "lower volume":
    case "set volume": {
      const was = Number(before.attributes?.volume_level ?? 0);
      if (service === "volume_set") {
        const to = Number(d.volume_level);
        if (level !== undefined) return near(to * 100, level);
        if (kind === "set volume") return false;
        return kind === "raise volume" ? to > was : to < was;
      }
      if (level !== undefined || kind === "set volume") return false;
      return service === (kind === "raise volume" ? "volume_up" : "volume_down");
    }
    case "mute":
    case "unmute":
      return service === "volume_mute" && d.is_volume_muted === (kind === "mute");
    case "play music":
      return ["media_play", "turn_on", "media_play_pause"].includes(service);
    case "stop music":
      return ["media_pause", "media_stop", "turn_off", "media_play_pause"].includes(service);
    case "raise heat":
    case "lower heat": {
      if (service !== "set_temperature") return false;
      const was = Number(before.attributes?.temperature);
      const to = Number(d.temperature);
      return kind === "raise heat" ? to > was : to < was;
    }
  }
}

/** Our English replies that say a thing is not there (src/understanding/grammars/en.ts, replies). */
const SAYS_NOTHING = /\bnothing I can\b|\bcouldn't find\b|\bno device\b|\bthere is no\b|\bthere are no\b/i;

/** A question about here and now that we answered ourselves (an answer, not a hand-on or a question back). */
export function answeredHereAndNow(item: CorpusItem, turn: Turn): boolean {
  const ours = turn.handledBy === "fast-path" || turn.handledBy === "confirmation";
  return (
    ours && item.expect.type === "question" && !item.expect.elsewhere && turn.responseType === "query_answer"
  );
}

export function judge(item: CorpusItem, turn: Turn): Verdict {
  const expect = item.expect;
  const acted = turn.calls.map(describeCall);
  const ours = turn.handledBy === "fast-path" || turn.handledBy === "confirmation";
  const verdict: Verdict = {
    done: false,
    doneByUs: false,
    wrongActions: [],
    unjudgedActions: [],
    localAnswer: false,
    acted,
  };
  const pairs = turn.calls.flatMap((call) => entityIdsOf(call).map((id) => ({ call, id })));
  if (expect.type === "command") {
    const allowed = new Set(expect.targets.flat());
    for (const { call, id } of pairs) {
      if (!allowed.has(id) || !fits(expect.kind, call, id, expect.level)) {
        verdict.wrongActions.push(
          describeCall({ ...call, target: { entity_id: id }, service_data: call.service_data }),
        );
      }
    }
    verdict.done =
      !verdict.wrongActions.length &&
      expect.targets.some(
        (set) =>
          pairs.every(({ id }) => set.includes(id)) &&
          set.every((id) => pairs.some((p) => p.id === id && fits(expect.kind, p.call, id, expect.level))),
      );
    verdict.doneByUs = verdict.done && ours;
  } else if (expect.type === "unclear") {
    for (const { call, id } of pairs) {
      const line = describeCall({ ...call, target: { entity_id: id } });
      (expect.allowed.includes(id) ? verdict.unjudgedActions : verdict.wrongActions).push(line);
    }
  } else {
    verdict.wrongActions.push(...acted);
  }
  if (!ours) return verdict;
  // Wrong answers: only what we said ourselves.
  if (expect.type === "question" && expect.elsewhere && turn.responseType === "query_answer") {
    verdict.wrongAnswer = `answered about here and now: ${JSON.stringify(turn.speech)}`;
  } else if (expect.type === "command" && SAYS_NOTHING.test(turn.speech)) {
    verdict.wrongAnswer = `said nothing is there: ${JSON.stringify(turn.speech)}`;
  } else if (expect.type === "command" && turn.speech.trim().endsWith("?")) {
    const candidates = expect.targets[0]!;
    const named = ENTITIES.filter((e) => turn.speech.toLowerCase().includes(e.name.toLowerCase())).map(
      (e) => e.id,
    );
    const missing = candidates.filter((id) => !named.includes(id));
    if (named.length && missing.length) {
      verdict.wrongAnswer = `asked listing ${candidates.length - missing.length} of ${candidates.length}: ${JSON.stringify(turn.speech)}`;
    }
  }
  verdict.localAnswer = expect.type === "none" && turn.responseType === "query_answer";
  return verdict;
}
