// A cover still on its way when its tool answers is followed until it stops, by the device's own
// word: a report of the position it was sent to ends it as reached; otherwise, when the reports go
// quiet, the device is asked where it is, and the same answer twice means it has stopped there
// (where it started: it did not move). A motor that keeps changing, or stops answering, is given up
// on after a bounded time, and that is said as unknown, never as an end.
import { randomUUID } from "node:crypto";
import type { CoverSettled } from "./state-events.js";
import type { NodeRef } from "./contract.js";
import { coverStatusOf, type CoverMechanism, type CoverPlan } from "./covers.js";
import type { ZwaveNetwork } from "./network.js";
import type { ZwaveNode } from "./model.js";

/**
 * How long the reports may go quiet before the device is asked where it is: past zwave-js's own
 * verification Get of a slow actuator (src/zwave/confirm.ts, LATE_VERIFY_MS), which a report cancels.
 */
const QUIET_MS = 6_000;
/** Longer than any shutter, blind or gate travels (real ones take up to about a minute). */
const FOLLOW_MS = 120_000;

export interface CoverFollow {
  node: ZwaveNode;
  ref: NodeRef;
  mechanism: CoverMechanism;
  plan: CoverPlan;
  /** What the device reported before the write (where it started). */
  before: unknown;
  /** Its last word so far (a report after the write, or its answer to a Get). */
  last: unknown;
}

export interface CoverFollower {
  /** Starts following; returns the id the end will carry. */
  follow(cover: CoverFollow): string;
  /** A new command for this cover: what an earlier one came to is no longer news. Ends its follow without a word. */
  cancel(nodeId: number, endpoint: number): void;
  /** Stops every follow without a word (the server closes). */
  close(): void;
}

export function createCoverFollower(
  network: Pick<ZwaveNetwork, "onReport" | "confirmByPolling">,
  settled: (end: CoverSettled) => void,
): CoverFollower {
  /** The follow of each cover, by node and endpoint: one at a time. */
  const active = new Map<string, () => void>();
  const keyOf = (nodeId: number, endpoint: number | undefined) => `${nodeId}:${endpoint ?? 0}`;

  function follow(cover: CoverFollow): string {
    const id = randomUUID();
    const { node, plan, mechanism } = cover;
    const key = keyOf(node.id, cover.ref.endpoint);
    active.get(key)?.();
    let last = cover.last;
    let quiet: NodeJS.Timeout | undefined;
    let ended = false;

    const finish = () => {
      ended = true;
      stopReports();
      clearTimeout(quiet);
      clearTimeout(limit);
      if (active.get(key) === finish) active.delete(key);
    };
    const end = (outcome: CoverSettled["outcome"], value: unknown) => {
      if (ended) return;
      finish();
      const status = coverStatusOf(mechanism, value);
      settled({
        type: "cover_settled",
        followId: id,
        node: cover.ref,
        requestedPosition: plan.requestedPosition,
        outcome,
        position: status.position,
        state: status.state,
        at: Date.now(),
      });
    };
    /** A barrier tells its own stop (253); a position says it has stopped only when asked twice. */
    const stoppedBarrier = (v: unknown) => mechanism.kind === "barrier" && v === 253;

    /** Where it was sent, or a step off it once it stands there (heard there twice). */
    const reached = (value: unknown, before: unknown) =>
      plan.matches(value) &&
      !isOnItsWay(mechanism, value) &&
      (plan.passedOnTheWay?.(value) !== true || value === before);

    const heard = (value: unknown) => {
      const previous = last;
      last = value;
      if (reached(value, previous)) return end("reached", value);
      if (stoppedBarrier(value)) return end("stopped", value);
      listenQuietly();
    };
    const stopReports = network.onReport(node, plan.reportedOn, heard);

    async function ask(): Promise<void> {
      const asked = await network.confirmByPolling(
        node,
        [{ value: plan.reportedOn, matches: () => true }],
        0,
      );
      if (ended) return;
      const answer = asked.values[0];
      if (!asked.answered) return listenQuietly();
      if (reached(answer, last)) return end("reached", answer);
      if (stoppedBarrier(answer)) return end("stopped", answer);
      // The same place twice, nothing heard between: it is standing still there (a barrier that
      // still says "opening" or "closing" is not).
      if (answer === last && !isOnItsWay(mechanism, answer))
        return end(answer === cover.before ? "not_moved" : "stopped", answer);
      last = answer;
      listenQuietly();
    }

    function listenQuietly(): void {
      clearTimeout(quiet);
      quiet = setTimeout(() => void ask(), QUIET_MS);
    }

    const limit = setTimeout(() => end("unknown", last), FOLLOW_MS);
    active.set(key, finish);
    listenQuietly();
    return id;
  }

  return {
    follow,
    cancel: (nodeId, endpoint) => active.get(keyOf(nodeId, endpoint))?.(),
    close() {
      for (const finish of [...active.values()]) finish();
    },
  };
}

/** A barrier's "opening" or "closing": its own word that it is moving, not that it got there. */
export function isOnItsWay(mechanism: CoverMechanism, value: unknown): boolean {
  return mechanism.kind === "barrier" && (value === 252 || value === 254);
}
