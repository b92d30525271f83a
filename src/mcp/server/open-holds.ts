// The calls /mcp held (src/tools/policy/) and has asked its caller to have confirmed: each under a
// one-time id, for a short time. A confirmation acts only as the answer to one of them: the same
// call (tool, target pinned by the policy, action), once, before it expires. Home Assistant's MCP
// client opens a new session for every call, so a hold belongs to the endpoint, not to a session;
// what ties the answer to the question is the id and the call itself.
import { randomBytes } from "node:crypto";
import type { HeldCall, HeldEffect } from "../../tools/policy/held.js";

/** How long a hold waits for its answer. */
export const HOLD_MS = 2 * 60 * 1000;
/** Open holds kept at most; the oldest goes first (a caller that never answers cannot grow it). */
const MAX_OPEN = 100;

export interface OpenHold {
  /** What the caller sends back to confirm it (`confirmation_id`). */
  id: string;
  call: HeldCall["call"];
  effects: HeldEffect[];
  /** ms since epoch. */
  expiresAt: number;
}

/** Why a confirmation answers no hold. */
export type NoHold =
  /** No open hold has this id: never given, already used, or expired. */
  | "unknown_id"
  /** The id is of a hold of another call. */
  | "other_call"
  /** No open hold of this call (`takeOnly`). */
  | "none"
  /** Several open holds of this call: only an id tells which one is answered (`takeOnly`). */
  | "several";

export type Taken = { ok: true; hold: OpenHold } | { ok: false; why: NoHold };

export interface OpenHolds {
  /** Records a held call; the hold's id is what its caller sends back. */
  open(held: HeldCall): OpenHold;
  /** Takes (once) the open hold `id` names, when it is of this same call. */
  take(id: string, call: HeldCall["call"]): Taken;
  /** Takes (once) the only open hold of this same call: a `confirm: true` of an older client. */
  takeOnly(call: HeldCall["call"]): Taken;
}

/** A call as one text, its arguments' keys in order: two calls are the same when their texts are. */
function keyOf(call: HeldCall["call"]): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : typeof value === "object" && value !== null
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, v]) => [k, sorted(v)]),
          )
        : value;
  return JSON.stringify([call.toolbox, call.server, call.name, sorted(call.args)]);
}

export function createOpenHolds(): OpenHolds {
  const open = new Map<string, OpenHold & { key: string }>();

  function live(): Array<OpenHold & { key: string }> {
    const now = Date.now();
    for (const [id, hold] of open) if (hold.expiresAt <= now) open.delete(id);
    return [...open.values()];
  }

  const taken = (hold: OpenHold & { key: string }): Taken => {
    open.delete(hold.id);
    const { key: _key, ...rest } = hold;
    return { ok: true, hold: rest };
  };

  return {
    open(held) {
      live();
      while (open.size >= MAX_OPEN) open.delete(open.keys().next().value!);
      const hold = {
        id: randomBytes(9).toString("base64url"),
        call: held.call,
        effects: held.effects,
        expiresAt: Date.now() + HOLD_MS,
        key: keyOf(held.call),
      };
      open.set(hold.id, hold);
      const { key: _key, ...rest } = hold;
      return rest;
    },
    take(id, call) {
      const hold = live().find((h) => h.id === id);
      if (!hold) return { ok: false, why: "unknown_id" };
      if (hold.key !== keyOf(call)) return { ok: false, why: "other_call" };
      return taken(hold);
    },
    takeOnly(call) {
      const key = keyOf(call);
      const same = live().filter((h) => h.key === key);
      if (same.length > 1) return { ok: false, why: "several" };
      return same[0] ? taken(same[0]) : { ok: false, why: "none" };
    },
  };
}
