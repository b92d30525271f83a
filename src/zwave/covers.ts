// Covers and barriers as Z-Wave builds them, read and driven as Home Assistant's `zwave_js` cover
// platform does (home-assistant/core homeassistant/components/zwave_js/cover.py):
// - a Multilevel Switch with a Motor Control class (a roller shutter, a blind motor): its level is
//   the position, 99 open and 0 closed; it stops when its Open/Up/On value is set to false;
// - Window Covering CC: one position per parameter (odd parameters have a position, even ones only
//   move and stop); it stops when the parameter's `levelChangeUp` is set to false;
// - Barrier Operator CC (a garage door, a gate): only open or close, its `currentState` 0 closed,
//   252 closing, 253 stopped, 254 opening, 255 open.
// A cover's position is reported after it moved, so a write is confirmed by the device's report of
// the position it was sent to (a barrier: the state it was sent towards, "opening" included).
import type { CoverAction, CoverOutput } from "./contract.js";
import { valueOn, valuesOn } from "./endpoints.js";
import { ZwaveToolError } from "./errors.js";
import { CC, type EndpointRole } from "./functions.js";
import type { ZwaveNode, ZwaveValue } from "./model.js";
import { levelToPercent, percentToLevel } from "./multilevel-switch.js";
import type { WritePlan } from "./network.js";

type CoverState = NonNullable<CoverOutput["state"]>;

/** Window Covering parameters with a position, in Home Assistant's order (const.py `COVER_POSITION_PROPERTY_KEYS`). */
const WINDOW_POSITIONS = [13, 15, 17, 19, 21, 1, 3, 5, 7, 9];
/** The same without position: they move and stop only. */
const WINDOW_MOVES = [12, 14, 16, 18, 20, 0, 2, 4, 6, 8];

/** Barrier Operator `currentState` (zwave-js `BarrierState`). */
const BARRIER: Record<number, CoverState> = {
  0: "closed",
  252: "closing",
  253: "stopped",
  254: "opening",
  255: "open",
};
const BARRIER_OPEN = 255;
const BARRIER_CLOSED = 0;

/** The Multilevel Switch values that start and stop its motion, by its switch type (zwave-js `SwitchType`). */
const LEVEL_CHANGE_UP = ["Open", "Up", "On"];

export type CoverMechanism =
  | { kind: "multilevel"; current: ZwaveValue; target: ZwaveValue; stop: ZwaveValue | undefined }
  | {
      kind: "window";
      parameter: number;
      /** Only for a parameter with a position. */
      current: ZwaveValue | undefined;
      target: ZwaveValue | undefined;
      up: ZwaveValue | undefined;
      down: ZwaveValue | undefined;
    }
  | { kind: "barrier"; current: ZwaveValue; target: ZwaveValue; position: ZwaveValue | undefined };

function keyed(values: ZwaveValue[], property: string, key: number): ZwaveValue | undefined {
  return values.find(
    (v) => v.commandClass === CC.windowCovering && v.property === property && v.propertyKey === key,
  );
}

/** How an endpoint that is a cover or barrier is driven; undefined when it is none. */
export function coverMechanism(
  node: ZwaveNode,
  endpoint: Pick<EndpointRole, "index" | "function">,
): CoverMechanism | undefined {
  if (endpoint.function !== "cover" && endpoint.function !== "barrier") return undefined;
  const ep = endpoint.index;
  const values = valuesOn(node, ep);
  const barrierTarget = valueOn(node, ep, CC.barrierOperator, "targetState");
  const barrierCurrent = valueOn(node, ep, CC.barrierOperator, "currentState");
  if (barrierTarget && barrierCurrent) {
    return {
      kind: "barrier",
      current: barrierCurrent,
      target: barrierTarget,
      position: valueOn(node, ep, CC.barrierOperator, "position"),
    };
  }
  const windowKeys = new Set(
    values
      .filter((v) => v.commandClass === CC.windowCovering && v.property === "currentValue")
      .map((v) => v.propertyKey),
  );
  const parameter = [...WINDOW_POSITIONS, ...WINDOW_MOVES].find((p) => windowKeys.has(p));
  if (parameter !== undefined) {
    const positioned = parameter % 2 === 1;
    return {
      kind: "window",
      parameter,
      current: positioned ? keyed(values, "currentValue", parameter) : undefined,
      target: positioned ? keyed(values, "targetValue", parameter) : undefined,
      up: keyed(values, "levelChangeUp", parameter),
      down: keyed(values, "levelChangeDown", parameter),
    };
  }
  const current = valueOn(node, ep, CC.multilevelSwitch, "currentValue");
  const target = valueOn(node, ep, CC.multilevelSwitch, "targetValue");
  if (!current || !target) return undefined;
  const stop = LEVEL_CHANGE_UP.map((p) => valueOn(node, ep, CC.multilevelSwitch, p)).find(
    (v) => v?.writeable,
  );
  return { kind: "multilevel", current, target, stop };
}

/** What a cover or barrier reports: its position (percent open), its state, whether it is open. */
export interface CoverStatus {
  position: number | null;
  state: CoverState | null;
  open: boolean | null;
}

/** A position level (0–99) for people: percent open; unknown for anything else (254 "unknown"). */
function percentOf(level: unknown): number | null {
  return typeof level === "number" && level >= 0 && level <= 99 ? levelToPercent(level) : null;
}

export function coverStatusOf(mechanism: CoverMechanism, reported?: unknown): CoverStatus {
  if (mechanism.kind === "barrier") {
    const raw = reported === undefined ? mechanism.current.value : reported;
    const state = typeof raw === "number" ? (BARRIER[raw] ?? null) : null;
    const position = mechanism.position?.value;
    return {
      position: typeof position === "number" && position >= 0 && position <= 100 ? position : null,
      state,
      open: state === null ? null : state !== "closed",
    };
  }
  const current = mechanism.current;
  const position = percentOf(reported === undefined ? current?.value : reported);
  if (position === null) return { position: null, state: null, open: null };
  return { position, state: position === 0 ? "closed" : "open", open: position > 0 };
}

/** A write to a cover, with what to tell about it. */
export interface CoverPlan extends WritePlan {
  requestedPosition: number | null;
}

/** The positions a Multilevel Switch or Window Covering takes: 0 closed … 99 open (metadata may say otherwise). */
function bounds(target: ZwaveValue): { closed: number; open: number } {
  return { closed: target.min ?? 0, open: Math.min(target.max ?? 99, 99) };
}

/**
 * The write that does `action` (at `position` percent open, for `set_position` or an open or close
 * with a position), or a ZwaveToolError that says why it cannot. `name` is for messages.
 */
export function coverPlan(
  mechanism: CoverMechanism,
  action: CoverAction,
  position: number | undefined,
  name: string,
  confirmTimeoutMs: number,
): CoverPlan {
  // The reply waits only the confirmation time: a motor that is not there by then is asked where it
  // is, said to be on its way, and followed until it stops (src/zwave/cover-follow.ts), rather than
  // keeping Assist waiting for zwave-js's own Get ~5 s after the Set (LATE_VERIFY_MS).
  const windowMs = confirmTimeoutMs;
  if (mechanism.kind === "barrier") {
    if (action === "stop" || action === "set_position" || position !== undefined)
      throw new ZwaveToolError(
        "not_supported",
        `${name} opens and closes only (Barrier Operator has no stop and no position)`,
      );
    const opening = action === "open";
    const payload = opening ? BARRIER_OPEN : BARRIER_CLOSED;
    // The device's report that it is on its way ("opening") is its own word too.
    const accepted = opening ? [254, 255] : [252, 0];
    return {
      target: mechanism.target,
      reportedOn: mechanism.current,
      payload,
      matches: (v) => typeof v === "number" && accepted.includes(v),
      windowMs,
      requestedPosition: null,
    };
  }

  if (action === "stop") {
    const stop = mechanism.kind === "multilevel" ? mechanism.stop : mechanism.up;
    if (!stop)
      throw new ZwaveToolError("not_supported", `${name} cannot be stopped: it has no value that stops it`);
    const reportedOn = mechanism.current ?? stop;
    return {
      target: stop,
      reportedOn,
      payload: false,
      // Where it stopped is whatever it reports next.
      matches: () => reportedOn !== stop,
      windowMs: reportedOn === stop ? 0 : windowMs,
      requestedPosition: null,
    };
  }

  const target = mechanism.target;
  const current = mechanism.current;
  if (!target || !current) {
    // A Window Covering parameter without a position moves all the way, and never reports.
    if (mechanism.kind !== "window" || position !== undefined || action === "set_position")
      throw new ZwaveToolError("not_supported", `${name} has no position to set; it opens, closes and stops`);
    const move = action === "open" ? mechanism.up : mechanism.down;
    if (!move) throw new ZwaveToolError("not_supported", `${name} cannot ${action} by itself`);
    return {
      target: move,
      reportedOn: move,
      payload: true,
      matches: () => false,
      windowMs: 0,
      requestedPosition: action === "open" ? 100 : 0,
    };
  }
  if (action === "set_position" && position === undefined)
    throw new ZwaveToolError(
      "invalid_value",
      "set_position needs a position between 0 and 100 (percent open)",
    );
  const { closed, open } = bounds(target);
  const percent = position ?? (action === "open" ? 100 : 0);
  const payload =
    percent >= 100 ? open : percent <= 0 ? closed : Math.max(closed, Math.min(open, percentToLevel(percent)));
  return {
    target,
    reportedOn: current,
    payload,
    // Motors stop a step off now and then (98 for 99): one step is the position asked for, once
    // the motor stands there (on its way it passes the step before).
    matches: (v) => typeof v === "number" && Math.abs(v - payload) <= 1,
    passedOnTheWay: (v) => v !== payload,
    supervisedValue: payload,
    windowMs,
    askWhenSilent: true,
    requestedPosition: percentOf(payload),
  };
}

/** Whether a position reported after the write lies between where the cover was and where it was sent. */
export function isMoving(before: unknown, reported: unknown, payload: unknown): boolean {
  if (typeof before !== "number" || typeof reported !== "number" || typeof payload !== "number") return false;
  return Math.min(before, payload) < reported && reported < Math.max(before, payload);
}
