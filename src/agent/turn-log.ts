import type { CoverSettled } from "../zwave/state-events.js";
import type { TurnRecord } from "./types.js";

/** The page shows each result as the model read it; a long one (a device list) is cut, as in /mcp's call log. */
const RESULT_CHARS = 2_000;

/** The last turns in memory for the status page: a fixed-size ring, newest last, of bounded records. */
export function createTurnLog(capacity = 200) {
  const turns: TurnRecord[] = [];
  const listeners = new Set<(turn: TurnRecord) => void>();
  let nextId = 1;
  return {
    nextId: () => nextId++,
    add(turn: TurnRecord) {
      turns.push(bounded(turn));
      if (turns.length > capacity) turns.splice(0, turns.length - capacity);
      for (const listener of listeners) listener(turns.at(-1)!);
    },
    recent: (): TurnRecord[] => [...turns],
    /**
     * Records how a cover a turn left on its way ended, on that turn's call; the turn is the
     * newest again for the status page. False when no turn still held has that call.
     */
    settle(end: CoverSettled): boolean {
      const i = turns.findLastIndex((t) => t.tool_calls.some((c) => c.followId === end.followId));
      const turn = turns[i];
      if (!turn) return false;
      const followed = {
        outcome: end.outcome,
        position: end.position,
        state: end.state,
        at: new Date(end.at).toISOString(),
      };
      turns[i] = {
        ...turn,
        tool_calls: turn.tool_calls.map((c) => (c.followId === end.followId ? { ...c, followed } : c)),
      };
      for (const listener of listeners) listener(turns[i]!);
      return true;
    },
    onTurn(listener: (turn: TurnRecord) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function bounded(turn: TurnRecord): TurnRecord {
  if (!turn.tool_calls.some((call) => call.result.length > RESULT_CHARS)) return turn;
  return {
    ...turn,
    tool_calls: turn.tool_calls.map((call) =>
      call.result.length > RESULT_CHARS
        ? { ...call, result: `${call.result.slice(0, RESULT_CHARS)}…` }
        : call,
    ),
  };
}
