import { foldSpelling } from "../../tools/spelling.js";
import type { PlannedCall, RefusedCall } from "./planned-call.js";

/**
 * Arguments that say which device or entity a call acts on (the Z-Wave tools' `deviceName` and
 * `nodeId`, the Home Assistant tools' `name` and `entity_id`, an `area`), by their folded spelling.
 * Every other argument says what is done to it.
 */
const TARGET_KEYS = new Set([
  "devicename",
  "device",
  "deviceid",
  "nodeid",
  "node",
  "name",
  "entityid",
  "entity",
  "target",
  "area",
  "areaid",
]);

/** Word pairs that make two tools opposites (`HassTurnOn`/`HassTurnOff`, `open_cover`/`close_cover`). */
const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ["on", "off"],
  ["open", "close"],
  ["lock", "unlock"],
  ["start", "stop"],
];

/**
 * The calls of one reply as a set, whatever path they came by: a call written twice runs once, and
 * calls that contradict each other on one target (on and off, two levels, open and close) run
 * neither; each is refused with the calls it conflicts with, so the model can send the one it meant.
 */
export function settleCalls(calls: Array<PlannedCall | RefusedCall>): Array<PlannedCall | RefusedCall> {
  const seen = new Set<string>();
  const unique = calls.filter((call) => {
    if (!("name" in call)) return true;
    const key = `${call.name}\u0000${[...folded(call.args)].sort().join("\u0000")}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const planned = unique.filter((c): c is PlannedCall => "name" in c);
  if (planned.length < 2) return unique;
  const conflicts = new Map<PlannedCall, PlannedCall[]>();
  for (const [i, first] of planned.entries()) {
    for (const second of planned.slice(i + 1)) {
      if (!contradict(first, second)) continue;
      conflicts.set(first, [...(conflicts.get(first) ?? []), second]);
      conflicts.set(second, [...(conflicts.get(second) ?? []), first]);
    }
  }
  if (!conflicts.size) return unique;
  return unique.map((call) => {
    const others = "name" in call ? conflicts.get(call) : undefined;
    if (!others || !("name" in call)) return call;
    // The same words for every call of the group, in the reply's order: the model reads them once.
    const group = planned.filter((c) => c === call || others.includes(c));
    return {
      id: call.id,
      sent: call.sent,
      repairs: [...call.repairs, "call: refused, it contradicts another call of the same reply"],
      error:
        `Your calls ${group.map(describeCall).join(" and ")} contradict each other on the same target, ` +
        "so none of them was run. Send only the call you mean.",
    } satisfies RefusedCall;
  });
}

/** Two calls act on the same target and would leave it in two different states. */
function contradict(first: PlannedCall, second: PlannedCall): boolean {
  const target = targetOf(first);
  if (!target || target !== targetOf(second)) return false;
  if (first.name !== second.name) return opposite(first.name, second.name);
  const other = new Map(folded(second.args).map((pair) => [pair.slice(0, pair.indexOf("=")), pair]));
  return folded(first.args).some((pair) => {
    const key = pair.slice(0, pair.indexOf("="));
    return !TARGET_KEYS.has(key) && other.has(key) && other.get(key) !== pair;
  });
}

/** The target arguments of a call, normalised (case, spaces and `_` do not make another device). */
function targetOf(call: PlannedCall): string | undefined {
  const parts = folded(call.args)
    .filter((pair) => TARGET_KEYS.has(pair.slice(0, pair.indexOf("="))))
    .sort();
  return parts.length ? parts.join("\u0000") : undefined;
}

/** Each argument as `key=value`, keys folded as the registry folds them and values normalised. */
function folded(args: Record<string, unknown>): string[] {
  return Object.entries(args).map(([key, value]) => `${foldSpelling(key)}=${normalized(value)}`);
}

function normalized(value: unknown): string {
  if (typeof value === "string")
    return value
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, " ");
  return stableJson(value);
}

function opposite(first: string, second: string): boolean {
  const a = words(first);
  const b = words(second);
  if (a.length !== b.length) return false;
  const differ = a.flatMap((word, i) => (word === b[i] ? [] : [[word, b[i]!] as const]));
  return (
    differ.length === 1 &&
    OPPOSITES.some(
      ([x, y]) =>
        (differ[0]![0] === x && differ[0]![1] === y) || (differ[0]![0] === y && differ[0]![1] === x),
    )
  );
}

/** `HassTurnOn` → hass, turn, on; `close_cover` → close, cover. */
function words(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_.:-]+/)
    .filter(Boolean);
}

function describeCall(call: PlannedCall): string {
  return `${call.name} ${JSON.stringify(call.args)}`;
}

/** JSON with the keys of every object in order, so `{a, b}` and `{b, a}` are the same call. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
