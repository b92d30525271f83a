// Locks: locking and unlocking, held for the user's yes when confirmations are on.
import { BUILTIN_TOOLS, ZWAVE_TOOLS } from "../../tools/own-servers.js";
import type { ToolIdentifier } from "../../tools/identifier.js";
import type { ToolResult } from "../../tools/types.js";
import { fill } from "../grammar.js";
import type { FastPathOutcome } from "../outcome.js";
import { capitalize } from "../speech.js";
import { ZWAVE_LOCKS, type Target } from "../targets.js";
import { isConfirmed } from "../tool-results.js";
import { callTool, type Turn } from "./turn.js";

/** What the sentence asks of a lock, if the target is one. */
export function lockAction(turn: Turn, target: Target): "lock" | "unlock" | undefined {
  const { intent } = turn.match;
  const isLock = target.source === "ha" ? target.entity.domain === "lock" : ZWAVE_LOCKS(target.device);
  if (!isLock) return undefined;
  if (intent === "lock" || intent === "turn_on") return "lock";
  if (intent === "unlock" || intent === "turn_off") return "unlock";
  return undefined;
}

/** Locks run only after the user says yes: the call is held, and the question asked. */
export async function lock(turn: Turn, target: Target, action: "lock" | "unlock"): Promise<FastPathOutcome> {
  const [tool, args]: [ToolIdentifier, Record<string, unknown>] =
    target.source === "ha"
      ? [
          { ...BUILTIN_TOOLS, name: "lock_entity" },
          { name: target.entity.entityId, action },
        ]
      : [
          { ...ZWAVE_TOOLS, name: "lock_zwave_door" },
          // By node id (the held call runs through the registry, as the gate keeps tool and arguments).
          { deviceName: target.device.name, nodeId: target.device.nodeId, action },
        ];
  const r = turn.replies;
  const outcome = (result: ToolResult) =>
    !result.ok
      ? fill(r.failed, { error: result.error ?? result.content })
      : !isConfirmed(result)
        ? fill(r.notConfirmed, { name: target.name })
        : fill(r.stateIs, {
            name: target.name,
            state: turn.grammar.states[action === "lock" ? "locked" : "unlocked"],
          });
  const { request } = turn;
  const held = turn.deps.hold?.(request.conversationId, tool.name, args, {
    reply: (result) => capitalize(outcome(result)),
    // Confirmed in a later turn: the call runs with that turn's signal and time limit.
    run: (later) =>
      callTool(turn.deps.registry, tool, args, {
        signal: later.signal,
        toolTimeoutMs: later.toolTimeoutMs,
        ...(later.deviceId
          ? { deviceId: later.deviceId }
          : request.deviceId
            ? { deviceId: request.deviceId }
            : {}),
      }),
  });
  if (held !== undefined) {
    return turn.done(
      fill(action === "lock" ? r.confirmLock : r.confirmUnlock, { name: target.name }),
      "query_answer",
    );
  }
  const result = await turn.call(tool, args);
  return turn.done(outcome(result), result.ok ? "action_done" : "error");
}
