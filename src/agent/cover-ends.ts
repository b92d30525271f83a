// How a cover that a turn left "on its way" ended. Assist expects a reply within a couple of
// seconds, and a shutter may travel for half a minute, so the reply says it is on its way and the
// Z-Wave server follows it until it stops (src/zwave/cover-follow.ts). Its end, by the device's own
// word, is then recorded on the turn's call for the status page, and when it is not where it was
// sent (it stopped elsewhere, or never moved), said first in the next reply of the same
// conversation. Reaching the place asked for is what "on its way" promised: not said again.
import type { Logger } from "../log.js";
import { fill } from "../understanding/grammar.js";
import { repliesFor } from "../understanding/spoken-result.js";
import type { CoverSettled } from "../zwave/state-events.js";
import { createConversationStore } from "./conversation-store.js";
import type { TurnToolCall } from "./types.js";

/** Follows still open, and ends not yet told; beyond these the oldest are forgotten. */
const MAX_KEPT = 100;
/** An end not told within this is dropped: Home Assistant has let the conversation go by then. */
const UNTOLD_MS = 5 * 60 * 1000;

export interface CoverEnds {
  /** The calls of a finished turn: those that left a cover on its way are remembered with it. */
  started(conversationId: string, calls: readonly TurnToolCall[]): void;
  /** A cover's end, as the Z-Wave server told it. */
  settled(end: CoverSettled): void;
  /** What to say first in this conversation's next reply (empty when nothing); said once. */
  take(conversationId: string, language: string): string;
}

export function createCoverEnds(logger: Logger): CoverEnds {
  // Keyed by the follow's id: a follow ends when the cover stops, however long it travels.
  const conversationOf = createConversationStore<string>({ max: MAX_KEPT });
  const untold = createConversationStore<CoverSettled[]>({ ttlMs: UNTOLD_MS, max: MAX_KEPT });

  return {
    started(conversationId, calls) {
      for (const call of calls) if (call.followId) conversationOf.set(call.followId, conversationId);
    },
    settled(end) {
      const name = end.node.endpointName ?? end.node.name;
      const where = end.position === null ? (end.state ?? "unknown") : `${end.position} % open`;
      logger.info(
        { nodeId: end.node.nodeId, endpoint: end.node.endpoint, outcome: end.outcome },
        end.outcome === "unknown"
          ? `${name} did not say where it stopped`
          : `${name} ${end.outcome === "not_moved" ? "did not move" : end.outcome === "reached" ? "got there" : "stopped"}: ${where}`,
      );
      const conversationId = conversationOf.take(end.followId);
      if (conversationId === undefined || (end.outcome !== "stopped" && end.outcome !== "not_moved")) return;
      untold.set(conversationId, [...(untold.get(conversationId) ?? []), end]);
    },
    take(conversationId, language) {
      const ends = untold.take(conversationId);
      if (!ends) return "";
      const r = repliesFor(language);
      return ends
        .map((end) => {
          const name = end.node.endpointName ?? end.node.name;
          return end.outcome === "stopped" && end.position !== null
            ? fill(r.stoppedAt, { name, position: end.position })
            : end.outcome === "not_moved"
              ? fill(r.neverMoved, { name })
              : "";
        })
        .filter(Boolean)
        .join(" ");
    },
  };
}
