// Calls that lock, unlock, or open a garage door or gate. Locking secures the home and runs at
// once; unlocking and opening from outside wait for the user's yes when confirmations are on.
import type { ToolIdentifier } from "../../tools/identifier.js";
import { BUILTIN_TOOLS, ZWAVE_TOOLS } from "../../config/own-servers.js";
import type { ToolResult } from "../../tools/types.js";
import { fill } from "../grammar.js";
import { failureSpeech } from "../spoken-result.js";
import { isDestructiveAction } from "../kinds.js";
import { capitalize, listOf } from "../speech.js";
import { ZWAVE_LOCKS, type Target } from "../targets.js";
import { isConfirmed } from "../tool-results.js";
import { callTool, type Turn } from "./turn.js";

export type Guard = "lock" | "unlock" | "open";

/** What a sentence asks of a lock or a garage door or gate; undefined for anything else. */
export function guardOf(turn: Turn, target: Target): Guard | undefined {
  const { intent } = turn.match;
  const isLock = target.source === "ha" ? target.entity.domain === "lock" : ZWAVE_LOCKS(target.device);
  if (isLock) {
    if (intent === "lock" || intent === "turn_on" || intent === "close") return "lock";
    if (intent === "unlock" || intent === "turn_off" || intent === "open") return "unlock";
    return undefined;
  }
  const opens = intent === "open" || intent === "turn_on";
  return opens && target.source === "ha" && isDestructiveAction(target.entity, "on") ? "open" : undefined;
}

function callOf(target: Target, guard: Guard): [ToolIdentifier, Record<string, unknown>] {
  if (guard === "open" && target.source === "ha") {
    return [
      { ...BUILTIN_TOOLS, name: "control_entity" },
      { name: target.entity.entityId, action: "turn_on" },
    ];
  }
  const action = guard === "unlock" ? "unlock" : "lock";
  return target.source === "ha"
    ? [
        { ...BUILTIN_TOOLS, name: "lock_entity" },
        { name: target.entity.entityId, action },
      ]
    : [
        { ...ZWAVE_TOOLS, name: "lock_zwave_door" },
        // By node id (a held call runs through the registry: the gate keeps tool and arguments).
        {
          deviceName: target.device.name,
          nodeId: target.device.nodeId,
          endpoint: target.device.endpoint,
          action,
        },
      ];
}

export interface GuardedOutcome {
  /** What was said about calls that ran now. */
  spoken: string[];
  /** The question for calls held for a yes, if any. */
  question?: string;
  ok: boolean;
}

/** Runs locking now; holds unlocking and opening (when a hold is configured) and asks once. */
export async function runGuarded(
  turn: Turn,
  items: Array<{ target: Target; guard: Guard }>,
): Promise<GuardedOutcome> {
  const r = turn.replies;
  const { request } = turn;
  const outcome = (target: Target, guard: Guard, result: ToolResult) =>
    !result.ok
      ? failureSpeech(r, result, target.name)
      : !isConfirmed(result)
        ? fill(r.notConfirmed, { name: target.name })
        : guard === "open"
          ? fill(r.opened, { name: target.name })
          : fill(r.stateIs, {
              name: target.name,
              state: turn.grammar.states[guard === "lock" ? "locked" : "unlocked"],
            });
  const held: Record<"unlock" | "open", string[]> = { unlock: [], open: [] };
  const spoken: string[] = [];
  let ok = true;
  for (const { target, guard } of items) {
    const [tool, args] = callOf(target, guard);
    if (guard !== "lock") {
      const asked = turn.deps.hold?.(request.conversationId, tool.name, args, {
        reply: (result) => capitalize(outcome(target, guard, result)),
        // Confirmed in a later turn: the call runs with that turn's signal and time limit.
        run: (later) =>
          callTool(turn.deps.registry, tool, args, {
            signal: later.signal,
            toolTimeoutMs: later.toolTimeoutMs,
            ...((later.deviceId ?? request.deviceId) ? { deviceId: later.deviceId ?? request.deviceId } : {}),
          }),
      });
      if (asked !== undefined) {
        held[guard].push(target.name);
        continue;
      }
    }
    const result = await turn.call(tool, args);
    ok &&= result.ok;
    spoken.push(outcome(target, guard, result));
  }
  const questions = [
    held.unlock.length ? fill(r.confirmUnlock, { name: listOf(turn.grammar, held.unlock) }) : "",
    held.open.length ? fill(r.confirmOpen, { name: listOf(turn.grammar, held.open) }) : "",
  ].filter(Boolean);
  return { spoken, ok, ...(questions.length ? { question: questions.join(" ") } : {}) };
}
