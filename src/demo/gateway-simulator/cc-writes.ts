// Writes whose effect is particular to their command class, as zwave-js (inside Z-Wave JS UI) and
// the device carry them out; every other write is the split target/current pair of writes.ts.
// - Color Switch `targetColor` (zwave-js ColorSwitchCC): one Set for every channel; once the device
//   acknowledges it, zwave-js writes each channel's `currentColor` and the compound values into its
//   value DB itself, whatever its optimistic-update setting (`updateCurrentColor`), and does not
//   verify a compound Set. The bulb tells its real channels only when asked (`pollValue`).
// - Barrier Operator `targetState` (BarrierOperatorCC): no optimistic update unless supervised; the
//   opener reports "opening" (254) or "closing" (252) at once, then open or closed once there.
// - A level change (Multilevel Switch `Open`/`Close`/`Up`/`Down`, Window Covering `levelChangeUp`/
//   `levelChangeDown`): true starts moving, false stops; the device reports where it is.
import { COLOR_CHANNELS } from "../../zwave/colors.js";
import { pause, type Gateway } from "./gateway.js";
import { actualOf, isSlowActuator, keyOf, type LiveNode, type LiveValue } from "./live-node.js";
import { report } from "./reports.js";

/** What zwave-js answers (its SetValueStatus), and what follows the answer (writes.ts's `WriteOutcome`). */
interface WriteOutcome {
  status: number;
  afterwards?: () => Promise<void>;
}

const COLOR_SWITCH = 51;
const BARRIER_OPERATOR = 102;
const MULTILEVEL_SWITCH = 38;
const WINDOW_COVERING = 106;
/** zwave-js `ColorComponent` by the compound colour's key. */
const CHANNELS: Readonly<Record<string, number>> = COLOR_CHANNELS;
const UP = new Set(["Open", "Up", "On", "levelChangeUp"]);
const DOWN = new Set(["Close", "Down", "Off", "levelChangeDown"]);
/** The mock devices report where they stopped about this long after a stop (zwave-js mockCCBehaviors). */
const STOP_REPORT_MS = 100;
const DEFAULT_TRAVEL_MS = 1500;

function channelValue(
  node: LiveNode,
  endpoint: number,
  property: string,
  channel: number,
): LiveValue | undefined {
  return node.values.get(keyOf({ commandClass: COLOR_SWITCH, endpoint, property, propertyKey: channel }));
}

async function colorWrite(
  gateway: Gateway,
  node: LiveNode,
  target: LiveValue,
  value: unknown,
): Promise<WriteOutcome> {
  if (value === null || typeof value !== "object") return { status: 5 };
  const table = Object.entries(value as Record<string, unknown>).filter(
    (e): e is [string, number] => e[0] in CHANNELS && typeof e[1] === "number",
  );
  const compound = (property: string) =>
    node.values.get(keyOf({ commandClass: COLOR_SWITCH, endpoint: target.endpoint, property }));
  const current = compound("currentColor");
  const merged: Record<string, unknown> = { ...((current?.value as object | undefined) ?? {}) };
  for (const [key, v] of table) {
    const channel = channelValue(node, target.endpoint, "currentColor", CHANNELS[key]!);
    if (!channel) continue;
    // A jammed bulb keeps its colour; zwave-js writes the asked one all the same.
    channel.actual = { value: node.device.ignoresSets ? actualOf(channel) : v };
    await report(gateway, node, channel, v);
    const targetChannel = channelValue(node, target.endpoint, "targetColor", CHANNELS[key]!);
    if (targetChannel) await report(gateway, node, targetChannel, v);
    merged[key] = v;
  }
  if (current) await report(gateway, node, current, merged);
  await report(gateway, node, target, merged, false);
  if (node.device.supervised && !node.device.ignoresSets) {
    for (const [key] of table) {
      const channel = channelValue(node, target.endpoint, "currentColor", CHANNELS[key]!);
      if (channel) channel.actual = undefined;
    }
    return { status: 255 };
  }
  return { status: 254 };
}

async function barrierWrite(
  gateway: Gateway,
  node: LiveNode,
  target: LiveValue,
  value: unknown,
): Promise<WriteOutcome> {
  const open = typeof value === "number" ? value !== 0 : value === true;
  const current = node.values.get(keyOf({ ...target, property: "currentState" }));
  const position = node.values.get(keyOf({ ...target, property: "position" }));
  await report(gateway, node, target, open ? 255 : 0, false);
  if (!current || node.device.ignoresSets) return { status: 254 };
  const final = open ? 255 : 0;
  // On its way until it gets there: a Get meanwhile hears "opening" or "closing".
  current.actual = { value: open ? 254 : 252 };
  return {
    status: 254,
    afterwards: async () => {
      if (node.device.confirms === false) return;
      if (!(await pause(gateway, node.device.echoDelayMs ?? 0))) return;
      if (current.value === final) return;
      await report(gateway, node, current, open ? 254 : 252);
      if (!(await pause(gateway, node.device.travelMs ?? DEFAULT_TRAVEL_MS))) return;
      current.actual = undefined;
      await report(gateway, node, current, final);
      if (position) await report(gateway, node, position, open ? 100 : 0);
    },
  };
}

/** The position a level change moves, for the device's report of where it is. */
function positionOf(node: LiveNode, target: LiveValue): LiveValue | undefined {
  return target.commandClass === WINDOW_COVERING
    ? node.values.get(keyOf({ ...target, property: "currentValue" }))
    : node.values.get(
        keyOf({ commandClass: MULTILEVEL_SWITCH, endpoint: target.endpoint, property: "currentValue" }),
      );
}

/** A level change under way: where it started, where it goes, since when, for how long. */
interface Motion {
  from: number;
  to: number;
  startedAt: number;
  durationMs: number;
}
const motions = new WeakMap<LiveValue, Motion>();

/** Where a moving cover is now (the mock's `getTransitionCurrentValue`: a straight line); else its own state. */
export function positionNow(position: LiveValue): unknown {
  const m = motions.get(position);
  if (!m) return actualOf(position);
  const progress = Math.min(1, (Date.now() - m.startedAt) / m.durationMs);
  return Math.round(m.from + (m.to - m.from) * progress);
}

function levelChangeWrite(gateway: Gateway, node: LiveNode, target: LiveValue, value: unknown): WriteOutcome {
  const position = positionOf(node, target);
  if (!position || node.device.ignoresSets) return { status: 254 };
  if (value !== true) {
    // Stopped where it is: it says so a moment later.
    const at = positionNow(position);
    motions.delete(position);
    position.actual = { value: at };
    return {
      status: 254,
      afterwards: async () => {
        if (node.device.confirms === false || !(await pause(gateway, STOP_REPORT_MS))) return;
        position.actual = undefined;
        await report(gateway, node, position, at);
      },
    };
  }
  const from = positionNow(position);
  const end = UP.has(String(target.property)) ? 99 : 0;
  const travel = node.device.travelMs ?? DEFAULT_TRAVEL_MS;
  const durationMs = typeof from === "number" ? Math.max(1, (travel * Math.abs(end - from)) / 99) : travel;
  const motion: Motion = {
    from: typeof from === "number" ? from : end,
    to: end,
    startedAt: Date.now(),
    durationMs,
  };
  motions.set(position, motion);
  position.actual = { value: end };
  return {
    status: 254,
    afterwards: async () => {
      if (node.device.confirms === false || !(await pause(gateway, durationMs))) return;
      // Stopped or sent elsewhere meanwhile.
      if (motions.get(position) !== motion) return;
      motions.delete(position);
      position.actual = undefined;
      await report(gateway, node, position, end);
    },
  };
}

/** A motor with a travel time tells where it is this often on its way (as modules that report during motion do). */
const TRAVEL_REPORT_MS = 1000;

/**
 * A cover motor sent to a position takes its travel time to get there, telling where it is on its
 * way and once it gets there; a Get meanwhile hears where it is.
 */
function travelWrite(
  gateway: Gateway,
  node: LiveNode,
  target: LiveValue,
  position: LiveValue,
  value: unknown,
): WriteOutcome {
  const { min = 0, max = 99 } = target;
  if (typeof value !== "number") return { status: 5 };
  const from = positionNow(position);
  const to = Math.max(min, Math.min(max, value));
  const travel = node.device.travelMs ?? DEFAULT_TRAVEL_MS;
  const durationMs = typeof from === "number" ? Math.max(1, (travel * Math.abs(to - from)) / 99) : travel;
  const motion: Motion = {
    from: typeof from === "number" ? from : to,
    to,
    startedAt: Date.now(),
    durationMs,
  };
  motions.set(position, motion);
  return {
    status: 254,
    afterwards: async () => {
      if (node.device.confirms === false) return;
      for (;;) {
        const left = motion.startedAt + durationMs - Date.now();
        if (left <= 0) break;
        const step = Math.min(TRAVEL_REPORT_MS, left);
        if (!(await pause(gateway, step))) return;
        if (motions.get(position) !== motion) return;
        // A timer can fire a few ms before Date.now() says it is due (on a busy event loop): a wait
        // for the arrival is no report on the way, which would tell a position a step short of it.
        if (step === left) continue;
        await report(gateway, node, position, positionNow(position));
      }
      motions.delete(position);
      await report(gateway, node, position, to);
    },
  };
}

/** The write's own outcome when its command class is one of these; undefined for the others. */
export function ccWrite(
  gateway: Gateway,
  node: LiveNode,
  target: LiveValue,
  value: unknown,
): Promise<WriteOutcome> | WriteOutcome | undefined {
  if (
    target.commandClass === COLOR_SWITCH &&
    target.property === "targetColor" &&
    target.propertyKey === undefined
  )
    return colorWrite(gateway, node, target, value);
  if (target.commandClass === BARRIER_OPERATOR && target.property === "targetState")
    return barrierWrite(gateway, node, target, value);
  const cover = target.commandClass === MULTILEVEL_SWITCH || target.commandClass === WINDOW_COVERING;
  if (cover && target.property === "targetValue") {
    // Sent to a position: a level change under way ends.
    const position = positionOf(node, target);
    if (position) motions.delete(position);
    const travels = node.device.travelMs !== undefined && !node.device.ignoresSets;
    if (position && travels && isSlowActuator(node, target.commandClass))
      return travelWrite(gateway, node, target, position, value);
    return undefined;
  }
  const levelChange = cover && (UP.has(String(target.property)) || DOWN.has(String(target.property)));
  if (levelChange && target.type === "boolean") return levelChangeWrite(gateway, node, target, value);
  return undefined;
}
