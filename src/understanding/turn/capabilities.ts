// Questions about something the device asked about cannot have: "is the back door locked" of a door
// sensor, "how bright is" a switch, the temperature of a room with no sensor. The answer says what
// the device is and what the home has instead, from what the home reports; never a made-up fact.
import { normalizeName } from "../../spoken-name.js";
import { fill } from "../grammar.js";
import type { SensorKind, StateWord } from "../grammar-types.js";
import type { FastPathOutcome } from "../outcome.js";
import { capitalize, deviceReading, listOf, quantity, reading } from "../speech.js";
import { targetKind } from "../target-kind.js";
import type { Place, Target } from "../targets.js";
import { currentLevel, readingOf } from "../tool-results.js";
import { isReachable } from "../zwave-names.js";
import type { EntityView } from "../../ha/mirror.js";
import type { ZwaveTarget } from "../../zwave-host/zwave-target.js";
import type { Turn } from "./turn.js";

const LOCK_WORDS: ReadonlySet<StateWord> = new Set(["locked", "unlocked"]);

/**
 * A Z-Wave device that cannot answer (dead, or not yet interviewed), said so in the grammar's words:
 * its last report is not its state now.
 */
export function unreachableSaid(turn: Turn, target: Target): string | undefined {
  if (target.source !== "zwave") return undefined;
  const now = turn.deps.zwave.target(target.device.nodeId, target.device.endpoint) ?? target.device;
  if (isReachable(now)) return undefined;
  const { errors } = turn.replies;
  return fill(now.state === "dead" ? errors.dead : errors.unavailable, { name: target.name });
}

/**
 * "Is the back door locked" of something that is no lock: what it is (its own state, as it reports
 * it) and the locks the home has. Undefined when the question fits the device.
 */
export async function notALock(
  turn: Turn,
  target: Target,
  asked: StateWord | undefined,
  said: string,
): Promise<FastPathOutcome | undefined> {
  if (!asked || !LOCK_WORDS.has(asked) || targetKind(target).domain === "lock") return undefined;
  const r = turn.replies;
  const ctx = await turn.context();
  const locks = [
    ...turn.views
      .exposed()
      .filter((e) => e.domain === "lock")
      .map((e) => e.name),
    ...ctx.devices.filter((d) => d.function === "lock").map((d) => d.name),
  ];
  const instead = locks.length ? fill(r.locksInstead, { names: listOf(turn.grammar, locks) }) : r.noLocks;
  return turn.done(`${fill(r.notALock, { name: target.name, state: said })} ${instead}`, "query_answer");
}

/**
 * "How bright is …" of a light (its brightness, as it reports it) or of a switch (it has none: on
 * or off). Undefined for anything else: a sensor's light level is a reading.
 */
export function brightnessOf(turn: Turn, target: Target, kind: SensorKind): FastPathOutcome | undefined {
  if (kind !== "illuminance") return undefined;
  const r = turn.replies;
  const { domain } = targetKind(target);
  const now: Target =
    target.source === "zwave"
      ? {
          ...target,
          device: turn.deps.zwave.target(target.device.nodeId, target.device.endpoint) ?? target.device,
        }
      : { ...target, entity: turn.deps.mirror.entity(target.entity.entityId) ?? target.entity };
  const on =
    now.source === "zwave"
      ? isReachable(now.device)
        ? now.device.on
        : null
      : now.entity.state === "on"
        ? true
        : now.entity.state === "off"
          ? false
          : null;
  if (on === null) return undefined;
  const state = turn.grammar.states[on ? "on" : "off"];
  if (domain === "switch" || domain === "input_boolean")
    return turn.done(fill(r.noBrightness, { name: target.name, state }), "query_answer");
  if (domain !== "light") return undefined;
  if (!on) return turn.done(fill(r.stateIs, { name: target.name, state }), "query_answer");
  const level = quantity(turn.grammar, currentLevel(now), "%");
  return turn.done(fill(r.brightnessIs, { name: target.name, level }), "query_answer");
}

/**
 * Where the home has a reading of this kind, for a question about a place without one: the rooms
 * of Home Assistant's sensors that report it, else the first Z-Wave sensor elsewhere that does
 * (`read` asks them: their readings are not in the listing).
 */
export async function readingsElsewhere(...args: Parameters<typeof elsewhere>): Promise<string | undefined> {
  const said = await elsewhere(...args);
  return said === undefined ? undefined : capitalize(said);
}

async function elsewhere(
  turn: Turn,
  kind: SensorKind,
  except: Place | undefined,
  read: (
    devices: ZwaveTarget[],
  ) => Promise<{ device: ZwaveTarget; value: string; old: boolean } | object | undefined>,
): Promise<string | undefined> {
  const r = turn.replies;
  const sensor = turn.grammar.sensorNames[kind];
  const inPlace = (e: EntityView) => except?.areas.some((a) => a.id === e.area?.id) ?? false;
  const sources = turn.views.exposed().filter((e) => !inPlace(e) && readingOf(e, kind) !== undefined);
  const places = [...new Set(sources.map((e) => e.area?.name ?? e.name))];
  if (places.length > 1) return fill(r.readingOnlyIn, { sensor, names: listOf(turn.grammar, places) });
  const [first] = sources;
  if (first) {
    const found = readingOf(first, kind)!;
    const value = reading(turn.grammar, found.value, found.unit);
    if (!first.area) return deviceReading(turn.grammar, kind, first.name, value);
    return fill(r.sensorValue, { sensor, name: first.area.name, value });
  }
  const ctx = await turn.context();
  const elsewhere = ctx.devices.filter(
    (d) => d.function === "sensor" && isReachable(d) && !except?.locations.has(normalizeName(d.location)),
  );
  const got = await read(elsewhere.slice(0, 3));
  if (!got || !("device" in got)) return undefined;
  if (!got.device.location) return deviceReading(turn.grammar, kind, got.device.name, got.value, got.old);
  return fill(r.sensorValue, { sensor, name: got.device.location, value: got.value });
}
