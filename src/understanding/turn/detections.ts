// "Is there a leak in the basement?", "any motion in the hallway?", "which batteries are low?":
// answered from what the sensors themselves report, Home Assistant's binary sensors by their
// device class and Z-Wave endpoints by their typed reports (src/zwave/readings.ts). A sensor that
// has not reported is left out; with none that has, the answer is not known, never "no".
import type { EntityView } from "../../ha/mirror.js";
import { normalizeName } from "../../spoken-name.js";
import type { ZwaveTarget } from "../../zwave-host/zwave-target.js";
import { fill } from "../grammar.js";
import type { Detection } from "../grammar-types.js";
import type { FastPathOutcome } from "../outcome.js";
import { listOf, quantity } from "../speech.js";
import type { Place, ResolveContext } from "../targets.js";
import { zwaveName } from "../device-names.js";
import { isReachable } from "../zwave-names.js";
import type { Turn } from "./turn.js";

/** Home Assistant's binary sensor device classes that report each detection. */
export const DETECTION_CLASSES: Record<Detection, readonly string[]> = {
  leak: ["moisture"],
  motion: ["motion", "occupancy", "presence"],
  occupancy: ["occupancy", "presence", "motion"],
  smoke: ["smoke"],
  co: ["carbon_monoxide"],
  tamper: ["tamper"],
};

/** A battery at or below this level is low, when the device gives no flag of its own (as zwave-js's list does). */
export const LOW_BATTERY_PERCENT = 20;

/** One sensor asked, and what it reports now (undefined: nothing yet). */
interface Sensed {
  name: string;
  active: boolean | undefined;
}

/** Where a question asks about: a place said, the speaker's area, or (undefined) the whole home. */
async function placeAsked(
  turn: Turn,
  ctx: ResolveContext,
): Promise<{ place?: Place; said?: string } | "nowhere"> {
  const { match, targets, request } = turn;
  const word = match.name ? turn.targets.placeWord(match.name) : undefined;
  if (word === "home") return {};
  const text = match.name && word === undefined ? targets.stripPlaceWords(match.name) : undefined;
  if (text) {
    const place = targets.findPlace(ctx, text);
    return place ? { place, said: place.label } : { said: text };
  }
  const area = request.deviceId ? turn.deps.mirror.areaOfDevice(request.deviceId) : undefined;
  if (word === "here" && !area) return "nowhere";
  if (!area) return {};
  const place = targets.findPlace(ctx, area.name);
  return place ? { place, said: place.label } : {};
}

function inPlace(place: Place | undefined, device: ZwaveTarget): boolean {
  return !place || place.locations.has(normalizeName(device.location));
}

export async function answerDetection(turn: Turn): Promise<FastPathOutcome> {
  const { grammar, replies: r, match } = turn;
  const what = match.detect!;
  const whatSaid = grammar.detectionNames[what];
  const classes = DETECTION_CLASSES[what];
  const ctx = await turn.context();
  const where = await placeAsked(turn, ctx);
  if (where === "nowhere") return turn.unsure(r.unknownHere);

  const isDetector = (e: EntityView) =>
    e.domain === "binary_sensor" && classes.includes(String(e.attributes.device_class ?? ""));
  let entities: EntityView[];
  let devices: ZwaveTarget[];
  if (where.place || where.said === undefined) {
    entities = (where.place ? where.place.areas.flatMap((a) => a.entities) : ctx.exposed()).filter(
      isDetector,
    );
    devices = ctx.devices.filter((d) => inPlace(where.place, d));
  } else {
    // Not a place: a device named ("does the basement sensor detect water").
    const resolved = turn.targets.resolve(ctx, match.name ?? "", { home: true });
    const found =
      resolved.kind === "one" ? [resolved.target] : resolved.kind === "group" ? resolved.targets : [];
    if (resolved.kind !== "one" && resolved.kind !== "group") return turn.unresolved(resolved);
    entities = found.flatMap((t) => (t.source === "ha" && isDetector(t.entity) ? [t.entity] : []));
    devices = found.flatMap((t) => (t.source === "zwave" ? [t.device] : []));
  }
  const sensed: Sensed[] = [
    ...entities.map((e) => {
      const now = turn.deps.mirror.entity(e.entityId) ?? e;
      return { name: now.name, active: now.state === "on" ? true : now.state === "off" ? false : undefined };
    }),
    ...devices.flatMap((d): Sensed[] => {
      const fresh = turn.deps.zwave.target(d.nodeId, d.endpoint) ?? d;
      const sensors = (fresh.reports.binarySensors ?? []).filter(
        (b) => b.deviceClass !== null && classes.includes(b.deviceClass),
      );
      if (!sensors.length) return [];
      return [
        { name: zwaveName(fresh), active: isReachable(fresh) ? sensors.some((b) => b.active) : undefined },
      ];
    }),
  ];
  const known = sensed.filter((s) => s.active !== undefined);
  if (!sensed.length) {
    return turn.unsure(
      fill(r.noDetector, { what: whatSaid, place: where.said ?? grammar.wholeHome[0] ?? "" }),
    );
  }
  if (!known.length) return turn.unsure(r.cannotYet);
  const active = known.filter((s) => s.active).map((s) => s.name);
  if (active.length)
    return turn.done(fill(r.detectYes, { what: whatSaid, names: listOf(grammar, active) }), "query_answer");
  // "No" only when every sensor there has reported; one that has not is not a "no".
  if (known.length < sensed.length) return turn.unsure(r.cannotYet);
  return turn.done(
    fill(r.detectNo, {
      what: whatSaid,
      names: listOf(
        grammar,
        known.map((s) => s.name),
      ),
    }),
    "query_answer",
  );
}

export async function answerLowBatteries(turn: Turn): Promise<FastPathOutcome> {
  const { grammar, replies: r } = turn;
  const ctx = await turn.context();
  const where = turn.match.name ? await placeAsked(turn, ctx) : {};
  if (where === "nowhere") return turn.unsure(r.unknownHere);
  if (where.said !== undefined && !where.place) return turn.unsure(r.cannotYet);
  const entities = where.place ? where.place.areas.flatMap((a) => a.entities) : ctx.exposed();
  const batteries: Array<{ name: string; level?: number; low: boolean }> = [];
  for (const e of entities) {
    if (e.attributes.device_class !== "battery") continue;
    if (e.domain === "sensor") {
      const level = Number(e.state);
      if (e.state === "" || !Number.isFinite(level)) continue;
      batteries.push({ name: e.name, level, low: level <= LOW_BATTERY_PERCENT });
    } else if (e.domain === "binary_sensor" && (e.state === "on" || e.state === "off")) {
      batteries.push({ name: e.name, low: e.state === "on" });
    }
  }
  // A node's battery is the node's: once, under the node's name.
  const seen = new Set<number>();
  for (const d of ctx.devices) {
    const fresh = turn.deps.zwave.target(d.nodeId, d.endpoint) ?? d;
    const { battery, batteryLow } = fresh.reports;
    if (seen.has(fresh.nodeId) || !inPlace(where.place, fresh)) continue;
    if (typeof battery !== "number" && typeof batteryLow !== "boolean") continue;
    seen.add(fresh.nodeId);
    const low = batteryLow === true || (typeof battery === "number" && battery <= LOW_BATTERY_PERCENT);
    batteries.push({
      name: fresh.nodeName || zwaveName(fresh),
      ...(typeof battery === "number" ? { level: battery } : {}),
      low,
    });
  }
  if (!batteries.length) return turn.unsure(r.cannotYet);
  const low = batteries.filter((b) => b.low);
  if (!low.length) return turn.done(r.noLowBatteries, "query_answer");
  const names = low.map((b) =>
    b.level === undefined ? b.name : `${b.name} (${quantity(grammar, b.level, "%")})`,
  );
  return turn.done(fill(r.lowBatteries, { names: listOf(grammar, names) }), "query_answer");
}
