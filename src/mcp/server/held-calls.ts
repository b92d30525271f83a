// Calls the action policy held on /mcp, each waiting for the user's yes. A 2026-07-28 client is
// asked through an InputRequiredResult whose requestState is a hold's one-time id: its next round
// runs the call only if it answers that hold, for the same caller, tool and arguments, once, and
// within HOLD_MS. The id is random and the record stays here, so a client can't forge or reuse one.
import { randomBytes } from "node:crypto";
import type { McpCaller } from "./caller.js";

/** How long a held call waits for its answer: the user is asked now, not tomorrow. */
export const HOLD_MS = 2 * 60_000;
/** Held calls nobody answers are dropped, oldest first, beyond this many. */
const MAX_HELD = 100;

interface HeldCall {
  caller: McpCaller;
  /** The tool as called and its arguments, canonical JSON: the yes is for this call only. */
  call: string;
  until: number;
}

export interface HeldCalls {
  /** Records a held call; the id goes to the client as its requestState. */
  hold(caller: McpCaller, name: string, args: unknown): string;
  /** Whether `id` held this very call and is still open; an id answers once, whatever the outcome. */
  take(id: string, caller: McpCaller, name: string, args: unknown): boolean;
}

export function createHeldCalls(): HeldCalls {
  const held = new Map<string, HeldCall>();
  return {
    hold(caller, name, args) {
      const id = randomBytes(16).toString("base64url");
      held.set(id, { caller, call: canonical([name, args ?? {}]), until: Date.now() + HOLD_MS });
      if (held.size > MAX_HELD) held.delete(held.keys().next().value as string);
      return id;
    },
    take(id, caller, name, args) {
      const record = held.get(id);
      if (!record) return false;
      held.delete(id);
      return (
        record.caller === caller &&
        record.until >= Date.now() &&
        record.call === canonical([name, args ?? {}])
      );
    },
  };
}

/** JSON with object keys sorted: the same arguments in another key order are the same call. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
