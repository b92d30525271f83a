// Tells zwave-js's optimistic value updates from the device's reports, the same way on both
// transports. Once a device acknowledges an unsupervised Set, zwave-js writes the asked state into
// its value DB itself (`Node.setValue` upstream): a split-state pair's current value through the
// CC's `optimisticallyUpdateRelatedValues` (Binary Switch and Multilevel Switch `currentValue`,
// Door Lock `currentMode`), and the target itself, with an event only when the application asked
// for one (`emitValueUpdateAfterSetValue`, which Z-Wave JS UI sets). Those updates go out as the
// usual "value updated" events, which Z-Wave JS UI publishes on MQTT like any report. Such an echo
// is emitted before the Set's result: Z-Wave JS UI publishes it before its `writeValue` answer,
// while @zwave-js/server queues events behind results (its `EventQueue`), so there it follows the
// result within a few event-loop turns. The device's own word comes later: its report, or
// zwave-js's verification Get (`verifyChanges` → `schedulePoll`).
//
// So, per write: value events of the written command class and endpoint are held until the status
// is known; then the echoes it implies are dropped (the first event of that value carrying the
// written state), and everything else is applied as the device's report. Where events carry the
// time zwave-js stamped the value with (Z-Wave JS UI's `time`), a later event with a dropped echo's
// stamp is that echo again (the gateway republishes its cache after a restart) and is dropped too.
import { isDeepStrictEqual } from "node:util";
import { valueKey, type ValueId } from "./model.js";
import { RESTORE_PREVIOUS } from "./multilevel-switch.js";
import { SetValueStatus } from "./set-value-status.js";

/** How long after the status a certain echo is still awaited (it comes within milliseconds). */
const CERTAIN_ECHO_MS = 3000;

export interface EchoFilterOptions {
  /**
   * Whether the server emits an event for the target itself after an acknowledged Set (Z-Wave JS UI
   * sets zwave-js's `emitValueUpdateAfterSetValue`). When unknown (`graceMs`), such an echo is
   * expected only within that long after the status.
   */
  targetEcho: "always" | { graceMs: number };
}

interface Echo {
  key: string;
  /** Until when (epoch ms) the echo is awaited. */
  until: number;
}

interface Write {
  nodeId: number;
  cc: number;
  endpoint: number;
  payload: unknown;
  settled: boolean;
  echoes: Echo[];
  held: { key: string; value: unknown; stamp?: number; apply(): void }[];
}

export interface EchoFilter {
  /** Before a write goes out; `settle` with zwave-js's status (undefined when the outcome is unknown). */
  begin(nodeId: number, target: ValueId, payload: unknown): { settle(status: number | undefined): void };
  /**
   * A value event: applied now, held until the status is known, or dropped as an echo. `stamp` is
   * the time zwave-js gave the value, when the event carries it.
   */
  offer(nodeId: number, valueId: ValueId, value: unknown, apply: () => void, stamp?: number): void;
}

/** The value a split-state target is reported on: `targetValue` → `currentValue`, `targetMode` → `currentMode`. */
function pairedCurrent(target: ValueId): ValueId | undefined {
  const property = String(target.property);
  if (!property.startsWith("target")) return undefined;
  return { ...target, property: `current${property.slice("target".length)}` };
}

export function createEchoFilter(options: EchoFilterOptions): EchoFilter {
  const writes = new Set<Write>();
  /** `<node>:<value key>` → the stamp of the last echo dropped there. */
  const droppedStamps = new Map<string, number>();

  function echoesOf(target: ValueId, payload: unknown, status: number | undefined, now: number): Echo[] {
    const echoes: Echo[] = [];
    const certain = now + CERTAIN_ECHO_MS;
    const acknowledged = status === SetValueStatus.SuccessUnsupervised;
    const current = pairedCurrent(target);
    const isRestore = target.commandClass === 38 && payload === RESTORE_PREVIOUS;
    if (current && !isRestore && (acknowledged || status === undefined))
      echoes.push({ key: valueKey(current), until: certain });
    // A supervised Set still working is applied optimistically to the target, with an event.
    if (status === SetValueStatus.Working) echoes.push({ key: valueKey(target), until: certain });
    else if (acknowledged || status === undefined) {
      const t = options.targetEcho;
      echoes.push({ key: valueKey(target), until: t === "always" ? certain : now + t.graceMs });
    }
    return echoes;
  }

  /** Drops the event if it is an awaited echo; returns whether it was. */
  function isEcho(write: Write, key: string, value: unknown, now: number, stamp?: number): boolean {
    const i = write.echoes.findIndex((e) => e.key === key && e.until >= now);
    if (i < 0 || !isDeepStrictEqual(value, write.payload)) return false;
    write.echoes.splice(i, 1);
    if (stamp !== undefined) droppedStamps.set(`${write.nodeId}:${key}`, stamp);
    return true;
  }

  function prune(now: number): void {
    for (const w of writes) {
      if (!w.settled) continue;
      w.echoes = w.echoes.filter((e) => e.until >= now);
      if (w.echoes.length === 0) writes.delete(w);
    }
  }

  return {
    begin(nodeId, target, payload) {
      const write: Write = {
        nodeId,
        cc: target.commandClass,
        endpoint: target.endpoint,
        payload,
        settled: false,
        echoes: [],
        held: [],
      };
      writes.add(write);
      return {
        settle(status) {
          if (write.settled) return;
          const now = Date.now();
          write.settled = true;
          write.echoes = echoesOf(target, payload, status, now);
          for (const event of write.held.splice(0))
            if (!isEcho(write, event.key, event.value, now, event.stamp)) event.apply();
          prune(now);
        },
      };
    },
    offer(nodeId, valueId, value, apply, stamp) {
      const now = Date.now();
      prune(now);
      const key = valueKey(valueId);
      for (const w of writes) {
        if (w.nodeId !== nodeId || w.cc !== valueId.commandClass || w.endpoint !== valueId.endpoint) continue;
        if (!w.settled) return void w.held.push({ key, value, stamp, apply });
        if (isEcho(w, key, value, now, stamp)) return;
      }
      const at = `${nodeId}:${key}`;
      if (stamp !== undefined && droppedStamps.get(at) === stamp) return;
      if (stamp !== undefined) droppedStamps.delete(at);
      apply();
    },
  };
}
