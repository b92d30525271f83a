// "How warm is it in the office?": a reading from Home Assistant's sensors in a place or of a
// device, else from a Z-Wave device's own sensor data.
import { normalizeName } from "../../spoken-name.js";
import { fill, GRAMMARS } from "../grammar.js";
import { failureSpeech } from "../spoken-result.js";
import type { ToolResult } from "../../tools/types.js";
import type { SensorKind } from "../grammar-types.js";
import type { FastPathOutcome } from "../outcome.js";
import { choiceOf, deviceReading, reading, readingWithAge } from "../speech.js";
import { ZWAVE_ANY, type Target } from "../targets.js";
import { readingOf } from "../tool-results.js";
import type { ZwaveTarget as DeviceSummary } from "../../zwave-host/zwave-target.js";
import { isReachable } from "../zwave-names.js";
import { spokenAs } from "../matcher.js";
import { brightnessOf, readingsElsewhere } from "./capabilities.js";
import type { Turn } from "./turn.js";

export async function answerSensor(turn: Turn): Promise<FastPathOutcome> {
  const { grammar, replies: r, match, request, targets } = turn;
  const { mirror } = turn.deps;
  const kind = match.sensor as SensorKind;
  const sensorName = grammar.sensorNames[kind];
  let ctx = await turn.context(match.intent);
  const said = match.name ? targets.placeWord(match.name) : undefined;
  const speakerArea = request.deviceId ? mirror.areaOfDevice(request.deviceId)?.name : undefined;
  // "in here" and no place at all mean the speaker's area; "in the house" the whole home.
  let placeText = said ? undefined : match.name ? targets.stripPlaceWords(match.name) : undefined;
  const fromSpeaker = said === "here" || (said === undefined && placeText === undefined);
  if (fromSpeaker) placeText = speakerArea;
  let place = placeText !== undefined ? targets.findPlace(ctx, placeText) : undefined;
  // Neither a place nor a device: the Z-Wave network may have one the last listing did not have
  // yet (a listing made while Z-Wave JS UI was still starting), as for commands (turn.ts).
  if (
    match.name !== undefined &&
    placeText !== undefined &&
    !place &&
    targets.resolve(ctx, match.name, {}).kind === "not_found" &&
    (await turn.deps.zwave.freshen())
  ) {
    ctx = await turn.context(match.intent);
    place = targets.findPlace(ctx, placeText);
  }
  // The speaker's area has no such reading: the home's, when it has exactly one.
  if (fromSpeaker && !place?.areas.some((a) => a.entities.some((e) => readingOf(e, kind) !== undefined))) {
    place = undefined;
    placeText = undefined;
  }
  const value = (name: string, said: string) =>
    turn.done(fill(r.sensorValue, { sensor: sensorName, name, value: said }), "query_answer");
  // A device's reading is said of the device ("Dryer Plug is using 5 watts"), never as a room's.
  const ofDevice = (name: string, said: string, old = false) =>
    turn.done(deviceReading(grammar, kind, name, said, old), "query_answer");
  // A read that failed is said as such: handed on, it would become "there is no such sensor".
  const failed = ({ result, device }: ReadFailure) =>
    turn.done(failureSpeech(r, result, device.name), "error");

  // A place: its Home Assistant sensors first, then its Z-Wave devices.
  if (place || placeText === undefined) {
    const entities = place ? place.areas.flatMap((a) => a.entities) : turn.views.exposed();
    const sources = entities.filter((e) => readingOf(e, kind) !== undefined);
    // Sensors, and the actuators that measure what is asked (a metered plug's power).
    const zwave = ctx.devices.filter(
      (d) =>
        isReachable(d) &&
        (!place || place.locations.has(normalizeName(d.location))) &&
        (!ZWAVE_ANY(d) || typedReport(d, kind) !== undefined),
    );
    if (!place || place.areas.length > 1) {
      // "how humid is it" with no place, or a floor: fine when it has one such reading.
      const areas = new Set(sources.map((e) => e.area?.name ?? e.name));
      if (areas.size > 1) {
        return turn.done(fill(r.whichArea, { candidates: choiceOf(grammar, [...areas]) }), "query_answer");
      }
    }
    const first = sources[0];
    if (first) {
      const found = readingOf(first, kind)!;
      const said = reading(grammar, found.value, found.unit);
      const area = place?.label ?? first.area?.name;
      return area ? value(area, said) : ofDevice(first.name, said);
    }
    const fromZwave = await zwaveReading(turn, zwave.slice(0, 3), kind);
    if (fromZwave && "failed" in fromZwave) return failed(fromZwave.failed);
    if (fromZwave) {
      const area = place?.label ?? (fromZwave.device.location || undefined);
      return area
        ? value(area, fromZwave.value)
        : ofDevice(fromZwave.device.name, fromZwave.value, fromZwave.old);
    }
    const notConnected = turn.zwaveNotConnected();
    if (notConnected) return notConnected;
    if (place) {
      const instead = await readingsElsewhere(turn, kind, place, (ds) => zwaveReading(turn, ds, kind));
      const none = fill(r.noSensor, { name: place.label, sensor: sensorName });
      return turn.unsure(instead ? `${none} ${instead}` : none);
    }
    return turn.unsure(r.cannotYet);
  }

  // A device ("the office sensor", "vom Wohnzimmerthermostat") or a kind in a place ("die Heizung
  // hier", "the thermostat in the kitchen").
  const resolved = targets.resolve(ctx, placeText || (match.name ?? ""), {});
  if (resolved.kind === "group") return groupReading(turn, resolved.targets, kind, resolved.place);
  // Only a run of the user's own words is quoted back (never a template's leftovers).
  const quoted = placeText && !match.unquoted ? spokenAs(request.text, placeText) : undefined;
  if (resolved.kind === "not_found" && quoted) {
    // Z-Wave not heard from yet: the room may be a Z-Wave device's, so that is what is said.
    const notConnected = turn.zwaveNotConnected();
    if (notConnected) return notConnected;
    // Neither a room nor a device of the home: said so, with where the home has such a reading.
    const instead = await readingsElsewhere(turn, kind, undefined, (ds) => zwaveReading(turn, ds, kind));
    const none = fill(r.unknownPlace, { name: quoted });
    return turn.unsure(instead ? `${none} ${instead}` : none);
  }
  if (resolved.kind !== "one") return turn.unresolved(resolved);
  const { target } = resolved;
  const bright = brightnessOf(turn, target, kind);
  if (bright) return bright;
  if (target.source === "ha") {
    const found = readingOf(target.entity, kind);
    if (!found) return turn.unsure(fill(r.noSensor, { name: target.name, sensor: sensorName }));
    return ofDevice(target.name, reading(grammar, found.value, found.unit));
  }
  const fromZwave = await zwaveReading(turn, [target.device], kind);
  if (fromZwave && "failed" in fromZwave) return failed(fromZwave.failed);
  if (!fromZwave) return turn.unsure(fill(r.noSensor, { name: target.name, sensor: sensorName }));
  return ofDevice(target.name, fromZwave.value, fromZwave.old);
}

/**
 * A kind of device in a place ("the heating here"): the reading when those that have one are in
 * one area and agree; devices in several areas are a question of which area, never a guess.
 */
function groupReading(
  turn: Turn,
  targets: Target[],
  kind: SensorKind,
  place: string | undefined,
): FastPathOutcome {
  const { grammar, replies: r } = turn;
  const sensor = grammar.sensorNames[kind];
  const found = targets.flatMap((t) => {
    const value = t.source === "ha" ? readingOf(t.entity, kind) : undefined;
    return t.source === "ha" && value ? [{ entity: t.entity, value }] : [];
  });
  const areas = new Set(found.map((f) => f.entity.area?.name ?? f.entity.name));
  const values = new Set(found.map((f) => `${f.value.value} ${f.value.unit ?? ""}`));
  if (areas.size > 1) {
    return turn.done(fill(r.whichArea, { candidates: choiceOf(grammar, [...areas]) }), "query_answer");
  }
  const first = found[0];
  if (!first || values.size > 1) return turn.unsure(r.cannotYet);
  const area = place ?? first.entity.area?.name;
  const value = reading(grammar, first.value.value, first.value.unit);
  if (!area) return turn.done(deviceReading(grammar, kind, first.entity.name, value), "query_answer");
  return turn.done(fill(r.sensorValue, { sensor, name: area, value }), "query_answer");
}

/** What a Z-Wave endpoint's listing already says of a reading: a meter's power and energy, its battery. */
function typedReport(device: DeviceSummary, kind: SensorKind): number | undefined {
  const { power, energy, battery } = device.reports;
  const value =
    kind === "power" ? power : kind === "energy" ? energy : kind === "battery" ? battery : undefined;
  return typeof value === "number" ? value : undefined;
}

/**
 * How long a reading stays what the device measures now. zwave-js does not know a device's report
 * interval; meters and multilevel sensors are commonly set to report within minutes to an hour, a
 * battery about daily. An older reading is said with its age.
 */
const CURRENT_FOR_MS = 60 * 60_000;
const BATTERY_CURRENT_FOR_MS = 26 * 60 * 60_000;
/**
 * A switch's report and its meter's come within moments of each other, in either order (the switch
 * may be reported again by zwave-js's verification after the meter): a reading this close to the
 * switch is of the same event.
 */
const SAME_EVENT_MS = 3000;

/**
 * How old a reading is, when that must be said: older than the device's usual report interval, or
 * from before its load last switched (a plug's power from before it was switched off).
 */
function ageToSay(
  reading: { reportedAt: number | null; deviceClass?: string | null },
  switchedAt: number | null | undefined,
  now: number,
): number | undefined {
  if (reading.reportedAt === null) return undefined;
  const age = now - reading.reportedAt;
  const usual = reading.deviceClass === "battery" ? BATTERY_CURRENT_FOR_MS : CURRENT_FOR_MS;
  const beforeSwitch = typeof switchedAt === "number" && reading.reportedAt < switchedAt - SAME_EVENT_MS;
  return age > usual || beforeSwitch ? age : undefined;
}

/** A read that failed: its result (with its error code) and the device it was for. */
interface ReadFailure {
  result: Pick<ToolResult, "errorCode">;
  device: DeviceSummary;
}

/**
 * The first of `devices` whose sensor data has a reading of this kind (by its label's words); when
 * none has and a read failed, why (the tool's error), since "no such reading" would not be true.
 */
async function zwaveReading(
  turn: Turn,
  devices: DeviceSummary[],
  kind: SensorKind,
): Promise<{ device: DeviceSummary; value: string; old: boolean } | { failed: ReadFailure } | undefined> {
  const words = [
    ...new Set([
      ...GRAMMARS.en!.sensors[kind],
      ...turn.grammar.sensors[kind],
      ...(kind === "temperature" ? ["setpoint"] : []),
    ]),
  ];
  let failure: ReadFailure | undefined;
  for (const device of devices) {
    // A thermostat's setpoint is no reading of its sensors: its listing says it, typed.
    const setpoint = kind === "target_temperature" ? device.reports.setpoint : null;
    if (setpoint)
      return {
        device,
        value: reading(turn.grammar, String(setpoint.value), setpoint.unit ?? undefined),
        old: false,
      };
    const { result, output } = await turn.zwave((o) => turn.deps.zwave.sensorData(device, o));
    if (!result.ok || (output && !output.ok))
      failure ??= { result: { errorCode: result.errorCode ?? output?.error?.code }, device };
    const readings = (output?.readings ?? []).filter((r) => r.value !== null && r.domain !== "binary_sensor");
    // By what the reading is (its device class, typed by the server: "Electric Consumption [W]" is
    // power), else, for a reading the server has no class for, by the words of its label.
    const found =
      readings.find((r) => r.deviceClass === kind) ??
      readings.find(
        (r) =>
          (r.deviceClass === undefined || r.deviceClass === null) &&
          words.some((w) => `${r.kind ?? ""} ${r.label}`.toLowerCase().includes(w)),
      );
    if (found) {
      const said = reading(turn.grammar, String(found.value), found.unit ?? undefined);
      const age = ageToSay(found, output?.switchedAt, Date.now());
      if (age === undefined) return { device, value: said, old: false };
      return { device, value: readingWithAge(turn.grammar, said, age), old: true };
    }
  }
  return failure === undefined ? undefined : { failed: failure };
}
