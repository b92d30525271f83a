// What the fast path says about calls the action policy held (src/tools/policy/): nothing was
// done, the calls wait for the user's yes (agent/pending-actions.ts keeps them), and the user is
// asked in the request's language, one question for everything one sentence held. Also how a
// lock's outcome is said, since locking acts at once.
import type { ToolResult } from "../../tools/types.js";
import type { FastIntent } from "../grammar-types.js";
import { fill } from "../grammar.js";
import type { HeldEffect } from "../../tools/policy/held.js";
import { heldQuestion } from "../held-question.js";
import { capitalize } from "../speech.js";
import type { Target } from "../targets.js";
import { failureSpeech } from "../spoken-result.js";
import { isConfirmed, isOnItsWay } from "../tool-results.js";
import type { Turn } from "./turn.js";

/** What a sentence asks of a lock: "öffne die Haustür" unlocks it, "turn on" locks it, as HA's handlers take it. */
export function lockActionOf(intent: FastIntent): "lock" | "unlock" | undefined {
  if (intent === "lock" || intent === "turn_on" || intent === "close") return "lock";
  if (intent === "unlock" || intent === "turn_off" || intent === "open") return "unlock";
  return undefined;
}

/** "Front Door is locked.", or why not. */
export function lockSpeech(
  turn: Turn,
  target: Target,
  action: "lock" | "unlock",
  result: ToolResult,
): string {
  const r = turn.replies;
  if (!result.ok) return failureSpeech(r, result, target.name);
  if (!isConfirmed(result)) return fill(r.notConfirmed, { name: target.name });
  const state = turn.grammar.states[action === "lock" ? "locked" : "unlocked"];
  return fill(r.stateIs, { name: target.name, state });
}

/**
 * Holds the calls the policy held (each with its outcome worded in this language for the yes)
 * and returns the one question. Without a way to hold (no conversation to ask in), they are
 * refused: said as not done.
 */
export function askFor(turn: Turn, held: ReadonlyArray<{ target: Target; result: ToolResult }>): string {
  const r = turn.replies;
  const { hold } = turn.deps;
  if (!hold) return held.map(({ target, result }) => failureSpeech(r, result, target.name)).join(" ");
  const asked: Array<Pick<HeldEffect, "kind" | "target">> = [];
  for (const { target, result } of held) {
    const call = result.held!;
    const unlocks = call.effects.some((e) => e.kind === "unlock");
    hold(turn.request.conversationId, call, (later: ToolResult) =>
      capitalize(
        unlocks
          ? lockSpeech(turn, target, "unlock", later)
          : !later.ok
            ? failureSpeech(r, later, target.name)
            : !isConfirmed(later)
              ? fill(r.notConfirmed, { name: target.name })
              : isOnItsWay(later)
                ? fill(r.onItsWay, { name: target.name })
                : fill(r.opened, { name: target.name }),
      ),
    );
    asked.push({ kind: unlocks ? "unlock" : "open", target: target.name });
  }
  return heldQuestion(turn.request.language, asked);
}
