import type { TurnRecord } from "./types.js";

/** The last turns in memory for the status page: a fixed-size ring, newest last. */
export function createTurnLog(capacity = 200) {
  const turns: TurnRecord[] = [];
  const listeners = new Set<(turn: TurnRecord) => void>();
  let nextId = 1;
  return {
    nextId: () => nextId++,
    add(turn: TurnRecord) {
      turns.push(turn);
      if (turns.length > capacity) turns.splice(0, turns.length - capacity);
      for (const listener of listeners) listener(turn);
    },
    recent: (): TurnRecord[] => [...turns],
    onTurn(listener: (turn: TurnRecord) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
