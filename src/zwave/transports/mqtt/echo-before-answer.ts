// Z-Wave JS UI publishes zwave-js's optimistic update of a write before its answer to that write:
// zwave-js makes the update inside `Node.setValue` (src/zwave/optimistic-echo.ts), Z-Wave JS UI
// publishes every value event as it comes (api/lib/ZwaveClient.ts `emitValueChanged` →
// api/lib/Gateway.ts `_onValueChanged`), and publishes the answer only once `writeValue` has
// returned (Gateway.ts `_onApiRequest`). The driver sends one command at a time, so a later write's
// update comes after an earlier write's answer. So per write: the value events of its command class
// and endpoint are held from the request to the answer; then the last of them that carry what
// zwave-js would have written are that write's echo, and dropped; everything else, and everything
// after the answer, is applied in order as the device's. With "Disable optimistic value update" on,
// nothing of the kind comes before the answer, and nothing is dropped.
//
// An echo carries the time zwave-js stamped the value with (Z-Wave JS UI's `time`): when the same
// value comes again with that stamp (the gateway republishes its cache after a restart), it is that
// echo again, and dropped too.
import { isDeepStrictEqual } from "node:util";
import { valueKey, type ValueId } from "../../model.js";
import { possibleEchoes } from "../../optimistic-echo.js";

/**
 * How long a write whose answer the caller stopped waiting for (a timeout) may still be answered:
 * zwave-js answers once its queue reaches the command, however long that takes.
 */
const LATE_ANSWER_MS = 30_000;

export interface AnsweredWrite {
  /** Z-Wave JS UI answered, with zwave-js's status (undefined: an answer that could not be read). */
  answered(status: number | undefined): void;
  /** The caller stopped waiting (timeout, lost connection); a late answer is still taken. */
  abandoned(): void;
}

export interface EchoBeforeAnswerFilter {
  /**
   * Before the write's request goes out. `slowActuator`: zwave-js updates no related value after
   * it (optimistic-echo.ts `isSlowActuator`), so a motor's current value is always the device's.
   */
  begin(nodeId: number, target: ValueId, payload: unknown, slowActuator?: boolean): AnsweredWrite;
  /** A value event, in the order the gateway published it; `stamp` is its `time`, when it has one. */
  offer(nodeId: number, valueId: ValueId, value: unknown, apply: () => void, stamp?: number): void;
  /** The gateway or the broker connection went away: no answer still due will come. */
  reset(): void;
}

interface Write {
  group: string;
  target: ValueId;
  payload: unknown;
  slowActuator: boolean;
  /** The caller gave up waiting for the answer. */
  abandoned: boolean;
  lateTimer?: NodeJS.Timeout;
}

interface Held {
  key: string;
  value: unknown;
  stamp?: number;
  apply(): void;
  /** The writes whose request came before this event and whose answer has not come yet. */
  holders: Set<Write>;
  echo: boolean;
}

interface Group {
  nodeId: number;
  /** Unanswered writes, oldest first. */
  writes: Write[];
  held: Held[];
}

export function createEchoBeforeAnswerFilter(): EchoBeforeAnswerFilter {
  const groups = new Map<string, Group>();
  /** `<node>:<value key>` → the stamp of the last echo dropped there. */
  const droppedStamps = new Map<string, number>();

  const groupOf = (nodeId: number, v: ValueId) => `${nodeId}:${v.commandClass}:${v.endpoint}`;

  function deliver(nodeId: number, event: Omit<Held, "holders" | "echo">): void {
    const at = `${nodeId}:${event.key}`;
    if (event.stamp !== undefined && droppedStamps.get(at) === event.stamp) return;
    if (event.stamp !== undefined) droppedStamps.delete(at);
    event.apply();
  }

  function flush(name: string, group: Group): void {
    while (group.held[0] && group.held[0].holders.size === 0) {
      const event = group.held.shift()!;
      if (!event.echo) deliver(group.nodeId, event);
    }
    if (group.writes.length === 0 && group.held.length === 0) groups.delete(name);
  }

  /** Ends a write: takes its echoes (none when it was not answered) from what came before, then releases what it held. */
  function close(write: Write, answer: { status: number | undefined } | undefined): void {
    const group = groups.get(write.group);
    if (!group || !group.writes.includes(write)) return;
    const echoes = answer
      ? possibleEchoes(write.target, write.payload, answer.status, write.slowActuator)
      : [];
    for (const echo of echoes) {
      // The echo came right before the answer: the last match is it, an earlier one the device's.
      const mine = group.held.findLast(
        (e) =>
          e.holders.has(write) && !e.echo && e.key === echo.key && isDeepStrictEqual(e.value, echo.value),
      );
      if (!mine) continue;
      mine.echo = true;
      if (mine.stamp !== undefined) droppedStamps.set(`${group.nodeId}:${mine.key}`, mine.stamp);
    }
    // zwave-js answers in order: once this write is answered, an older one the caller gave up on
    // never will be (its request was lost), so it has no echo either.
    const before = group.writes.slice(0, group.writes.indexOf(write));
    const ended = [write, ...(answer ? before.filter((w) => w.abandoned) : [])];
    group.writes = group.writes.filter((w) => !ended.includes(w));
    for (const w of ended) clearTimeout(w.lateTimer);
    for (const event of group.held) for (const w of ended) event.holders.delete(w);
    flush(write.group, group);
  }

  return {
    begin(nodeId, target, payload, slowActuator = false) {
      const name = groupOf(nodeId, target);
      let group = groups.get(name);
      if (!group) groups.set(name, (group = { nodeId, writes: [], held: [] }));
      const write: Write = { group: name, target, payload, slowActuator, abandoned: false };
      group.writes.push(write);
      return {
        answered: (status) => close(write, { status }),
        abandoned() {
          if (write.abandoned || !groups.get(name)?.writes.includes(write)) return;
          write.abandoned = true;
          write.lateTimer = setTimeout(() => close(write, undefined), LATE_ANSWER_MS);
          write.lateTimer.unref();
        },
      };
    },
    offer(nodeId, valueId, value, apply, stamp) {
      const event = { key: valueKey(valueId), value, stamp, apply };
      const group = groups.get(groupOf(nodeId, valueId));
      if (!group || group.writes.length === 0) return deliver(nodeId, event);
      group.held.push({ ...event, holders: new Set(group.writes), echo: false });
    },
    reset() {
      for (const [name, group] of groups) {
        for (const write of group.writes) clearTimeout(write.lateTimer);
        group.writes = [];
        for (const event of group.held) event.holders.clear();
        flush(name, group);
      }
    },
  };
}
