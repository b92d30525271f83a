// Tells zwave-js's optimistic update (src/zwave/optimistic-echo.ts) from the device's report on
// the Z-Wave JS websocket server. Where the update comes tells nothing here: the server forwards
// events as zwave-js emits them (src/lib/forward.ts), up to 3.10.0 at once, so before the write's
// result, and since 3.10.2 through a queue that sends one per event-loop turn
// (src/lib/event_queue.ts), so often right after it (seen on the real stack: the node's
// "statistics updated", the result, the target, its current value). Nor can a client learn whether
// the driver updates optimistically at all (`driver.get_config` does not say).
//
// The driver's value DB can say it. zwave-js writes the target without a new timestamp only in its
// optimistic update (`updateTimestamp: false` in `Node.setValue`); a report stamps every value it
// sets. So the target's stamp is asked (`node.get_value_timestamp`) just before the write goes out,
// and again after each event of the target while the write may still have an echo to come: the
// stamp unchanged means zwave-js made that event itself (for this write or another client's). Its
// related current value is stamped either way; it is an echo only when it is the very next event
// on the connection after a target echo (zwave-js emits the two back to back, and the server keeps
// its order), and never for a slow actuator, which zwave-js does not update so (a motor's report
// can be that next event, when the device is asked at once). A supervised Set still `Working` updates its target too, stamped: that is its echo
// whatever the stamp says. Nothing else is ever dropped, so with optimistic updates off the
// device's report counts at once.
//
// A stamp proves something only when it was read between two events of the target: when the
// previous answer came after this event, or another event of the target came before this one's
// answer, it may hold the other event's stamp (events of one burst). What cannot be proven either
// way is dropped, since an echo taken for a report would make up a confirmation, and the device is
// asked once more (`node.poll_value`, as zwave-js's own verification does): its answer comes alone
// and proves itself.
import { isDeepStrictEqual } from "node:util";
import { valueKey, type ValueId } from "../../model.js";
import { pairedCurrent, possibleEchoes } from "../../optimistic-echo.js";
import { SetValueStatus } from "../../set-value-status.js";

/** How long after its result a write's echo is still looked for (it comes within milliseconds). */
const LINGER_MS = 30_000;

/** A stamp that could not be asked (the connection went): nothing can be proven from it. */
const UNKNOWN: unique symbol = Symbol("unknown stamp");
type Stamp = number | undefined | typeof UNKNOWN;

export interface EchoByStampOptions {
  /** The value's timestamp in zwave-js's value DB (`node.get_value_timestamp`); rejects when it cannot be asked. */
  stampOf(nodeId: number, valueId: ValueId): Promise<number | undefined>;
  /** Asks the device for the value again (`node.poll_value`); its report arrives as an event. */
  recheck(nodeId: number, valueId: ValueId): Promise<void>;
}

export interface StampedWrite {
  /** The server's result, with zwave-js's status (undefined: an unreadable result). */
  answered(status: number | undefined): void;
  /** No result will be heard (timeout, lost connection). */
  abandoned(): void;
}

export interface EchoByStampFilter {
  /**
   * Before the write goes out. `stampBefore` is the target's stamp, asked on the same connection
   * right before the write, so the server reads it before the write can change anything.
   * `slowActuator`: zwave-js updates no related value after it (optimistic-echo.ts
   * `isSlowActuator`), so the event right after its target's echo is never one.
   */
  begin(
    nodeId: number,
    target: ValueId,
    payload: unknown,
    stampBefore: Promise<number | undefined>,
    slowActuator?: boolean,
  ): StampedWrite;
  /** A value event, in the order the server sent it. */
  offer(nodeId: number, valueId: ValueId, value: unknown, apply: () => void): void;
  /** Any other event: it stands between what came before and what comes after. */
  heard(): void;
  /** The connection went: no echo still due will come on it. */
  reset(): void;
}

interface Write {
  target: ValueId;
  targetKey: string;
  payload: unknown;
  slowActuator: boolean;
  status: Promise<number | undefined>;
  settle(status: number | undefined): void;
  /** A supervised Set still working has had its one stamped update of the target dropped. */
  workingSeen: boolean;
  /** Once it has its result: until when its echo is still looked for (epoch ms). */
  until?: number;
  /** zwave-js's status once answered: a `Working` one still has its stamped update to drop. */
  answered?: number;
}

type Verdict = "unstamped" | "stamped" | "unsure";

interface ValueEvent {
  seq: number;
  key: string;
  value: unknown;
  apply(): void;
  /** For an event of a watched target: whether zwave-js wrote it without stamping it. */
  stamp?: Promise<Verdict>;
}

/** A question about a value's stamp, and where on the connection its answer came. */
interface Question {
  answer: Promise<Stamp>;
  /** The position of the last event heard when the answer came. */
  answeredAt?: number;
}

interface NodeEchoes {
  /** The writes whose target is watched, until a while after their result. */
  writes: Write[];
  /** Value key → the last question about its stamp (asked in order, answered in order). */
  asked: Map<string, Question>;
  /** Value keys the device is being asked about again. */
  rechecking: Set<string>;
  /** After a target echo: the related update zwave-js makes right after it, if the next event is it. */
  relatedNext?: { seq: number; key: string; value: unknown };
  /** Events are judged one at a time, in order. */
  queue: Promise<void>;
  queued: number;
}

export function createEchoByStampFilter(options: EchoByStampOptions): EchoByStampFilter {
  const nodes = new Map<number, NodeEchoes>();
  /** `<node>:<value key>` → the position of its last event. */
  const lastEvent = new Map<string, number>();
  let seq = 0;

  function nodeOf(nodeId: number): NodeEchoes {
    let n = nodes.get(nodeId);
    if (!n)
      nodes.set(
        nodeId,
        (n = { writes: [], asked: new Map(), rechecking: new Set(), queue: Promise.resolve(), queued: 0 }),
      );
    return n;
  }

  function forget(nodeId: number, n: NodeEchoes): void {
    if (n.writes.length === 0 && n.queued === 0 && nodes.get(nodeId) === n) nodes.delete(nodeId);
  }

  function end(nodeId: number, write: Write): void {
    const n = nodes.get(nodeId);
    if (!n) return;
    n.writes = n.writes.filter((w) => w !== write);
    forget(nodeId, n);
  }

  /**
   * Drops the writes whose echo can no longer come. They are looked at only when the node has news,
   * not by a timer per write: each timer would wake the thread once more for every switch.
   */
  function pruneLingering(n: NodeEchoes): void {
    const now = Date.now();
    if (n.writes.some((w) => w.until !== undefined && w.until <= now))
      n.writes = n.writes.filter((w) => w.until === undefined || w.until > now);
  }

  function question(answer: Promise<Stamp>): Question {
    const q: Question = {
      answer: answer.then((a) => {
        q.answeredAt = seq;
        return a;
      }),
    };
    return q;
  }

  /** Asks the target's stamp again as soon as its event arrives, and judges the event by it. */
  function askAbout(nodeId: number, n: NodeEchoes, event: ValueEvent, valueId: ValueId): Promise<Verdict> {
    const before = n.asked.get(event.key);
    const now = question(options.stampOf(nodeId, valueId).catch((): Stamp => UNKNOWN));
    n.asked.set(event.key, now);
    return Promise.all([before?.answer, now.answer]).then(([b, a]) => {
      const beforeInTime = before?.answeredAt !== undefined && before.answeredAt < event.seq;
      const overtaken = (lastEvent.get(`${nodeId}:${event.key}`) ?? 0) > event.seq;
      if (!beforeInTime || overtaken || a === UNKNOWN || b === UNKNOWN) return "unsure";
      return a === b ? "unstamped" : "stamped";
    });
  }

  /** Asks the device for the value the write is reported on, one question at a time. */
  function recheck(nodeId: number, n: NodeEchoes, write: Write): void {
    const valueId = pairedCurrent(write.target) ?? write.target;
    const key = valueKey(valueId);
    if (n.rechecking.has(key)) return;
    n.rechecking.add(key);
    void options
      .recheck(nodeId, valueId)
      .catch(() => undefined)
      .finally(() => n.rechecking.delete(key));
  }

  /**
   * Whether the event is zwave-js's own update. Any unstamped update of a watched target is one,
   * whoever wrote it (this server, or another client of the same server), and so is the related
   * update right after it.
   */
  async function isEcho(nodeId: number, n: NodeEchoes, event: ValueEvent): Promise<boolean> {
    const related = n.relatedNext;
    n.relatedNext = undefined;
    if (related && event.seq === related.seq + 1 && event.key === related.key)
      return isDeepStrictEqual(event.value, related.value);
    const watching = n.writes.filter((w) => w.targetKey === event.key);
    if (!event.stamp || watching.length === 0) return false;
    const verdict = await event.stamp;
    if (verdict !== "stamped") {
      const write = watching[0]!;
      const echo = possibleEchoes(
        write.target,
        event.value,
        SetValueStatus.SuccessUnsupervised,
        write.slowActuator,
      ).find((e) => e.related);
      if (echo) n.relatedNext = { seq: event.seq, key: echo.key, value: echo.value };
      if (verdict === "unsure") recheck(nodeId, n, write);
      return true;
    }
    // Stamped: a report, or a supervised Set's update of its target. One still `Working` is not
    // done, so its update is not the device's word yet.
    for (const write of watching) {
      if (write.workingSeen || !isDeepStrictEqual(event.value, write.payload)) continue;
      if ((await write.status) !== SetValueStatus.Working) continue;
      write.workingSeen = true;
      return true;
    }
    return false;
  }

  return {
    begin(nodeId, target, payload, stampBefore, slowActuator = false) {
      const n = nodeOf(nodeId);
      pruneLingering(n);
      const targetKey = valueKey(target);
      let settle: (status: number | undefined) => void = () => {};
      const status = new Promise<number | undefined>((resolve) => (settle = resolve));
      const write: Write = { target, targetKey, payload, slowActuator, status, settle, workingSeen: false };
      n.writes.push(write);
      n.asked.set(targetKey, question(stampBefore.catch((): Stamp => UNKNOWN)));
      const linger = () => {
        write.until = Date.now() + LINGER_MS;
        // The target stays watched as long as this write lingers, longer than any before it: the
        // older answered writes of the same target tell nothing more, except a `Working` one
        // whose update is still to come. Kept, they would have each event compared with every
        // write of the last half minute (dozens, for a device switched every few seconds).
        n.writes = n.writes.filter(
          (w) =>
            w === write ||
            w.targetKey !== targetKey ||
            w.until === undefined ||
            (w.answered === SetValueStatus.Working && !w.workingSeen),
        );
      };
      return {
        answered(s) {
          write.settle(s);
          write.answered = s;
          // A failure changed nothing; a supervised success's updates are the device's own word.
          if (s !== undefined && possibleEchoes(target, payload, s, slowActuator).length === 0)
            return end(nodeId, write);
          linger();
        },
        abandoned() {
          write.settle(undefined);
          linger();
        },
      };
    },
    offer(nodeId, valueId, value, apply) {
      const key = valueKey(valueId);
      const event: ValueEvent = { seq: ++seq, key, value, apply };
      lastEvent.set(`${nodeId}:${key}`, event.seq);
      const n = nodes.get(nodeId);
      if (!n) return apply();
      pruneLingering(n);
      // Every event of a watched target is asked about, so each question's "before" is the answer
      // from right before that event.
      if (n.writes.some((w) => w.targetKey === key)) event.stamp = askAbout(nodeId, n, event, valueId);
      n.queued++;
      n.queue = n.queue
        .then(() => isEcho(nodeId, n, event))
        .then((echo) => {
          if (!echo) event.apply();
        })
        .catch(() => event.apply())
        .finally(() => {
          n.queued--;
          forget(nodeId, n);
        });
    },
    heard() {
      seq++;
    },
    reset() {
      for (const [nodeId, n] of nodes)
        for (const write of [...n.writes]) {
          write.settle(undefined);
          end(nodeId, write);
        }
      lastEvent.clear();
    },
  };
}
