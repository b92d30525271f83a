// The calls the action policy held (src/tools/policy/), per conversation, until the user answers.
// The policy decides what waits; this keeps what waits and hears the answer: every call held in
// one turn runs on one yes in a later turn of the same conversation, within two minutes. A yes is
// the whole reply (understanding/consent.ts); a negation anywhere cancels; anything else is asked
// once more, unless it is a new request, which drops what was held and is handled as itself.
import type { ToolRegistry } from "../tools/registry.js";
import type { ToolResult } from "../tools/types.js";
import type { HeldCall } from "../tools/policy/held.js";
import { askAgainSpeech, cancelledSpeech, consentOf } from "../understanding/consent.js";
import { grammarFor, outcomeSpeech } from "../understanding/spoken-result.js";
import type { HeldTurn } from "../understanding/outcome.js";
import { createConversationStore } from "./conversation-store.js";
import type { ResponseType } from "./types.js";

const PENDING_MS = 2 * 60 * 1000;
/** Conversations holding calls at once; beyond it the oldest holds are dropped, never run. */
const MAX_HOLDING = 500;

interface Pending {
  calls: Array<{ held: HeldCall; reply?: ((result: ToolResult) => string) | undefined }>;
  /** What the user was asked, to ask it once more after an unclear reply. */
  question?: string;
  askedAgain?: boolean;
}

export interface PendingAnswer {
  speech: string;
  responseType: ResponseType;
  results: ToolResult[];
}

export interface PendingActions {
  /**
   * Keeps a held call for this conversation; `reply` words its outcome in the user's language
   * (else the tool's own text is said). Calls held while the conversation's hold is open join it.
   */
  hold(conversationId: string, held: HeldCall, reply?: (result: ToolResult) => string): void;
  /** Whether this conversation holds calls now. */
  holds(conversationId: string): boolean;
  /** The question the turn that held them asked. */
  asked(conversationId: string, question: string): void;
  /**
   * A reply while calls are held: runs them all on a clear yes, drops them on a negation, asks
   * once more when unclear. Undefined when nothing is held (or it expired), or when the reply is
   * a new request (`isRequest`): the turn then goes on as usual.
   */
  answer(
    conversationId: string,
    text: string,
    language: string,
    turn: HeldTurn & { isRequest?: (text: string) => Promise<boolean> },
  ): Promise<PendingAnswer | undefined>;
}

export function createPendingActions(registry: ToolRegistry): PendingActions {
  const pending = createConversationStore<Pending>({ ttlMs: PENDING_MS, max: MAX_HOLDING });

  async function run(held: Pending, turn: HeldTurn, language: string): Promise<PendingAnswer> {
    const results: ToolResult[] = [];
    const spoken: string[] = [];
    // One after another: a lock's motor and the controller handle one command at a time.
    for (const { held: call, reply } of held.calls) {
      const { toolbox, server, name, args } = call.call;
      const result = await registry.executeIdentifier({ toolbox, server, name }, args, {
        confirmed: true,
        timeoutMs: turn.toolTimeoutMs,
        signal: turn.signal,
        ...(turn.deviceId ? { deviceId: turn.deviceId } : {}),
      });
      results.push(result);
      // A held call of the model's: said by its outcome, in the request's language, never in the
      // tool's English words.
      spoken.push(reply ? reply(result) : outcomeSpeech(grammarFor(language), result));
    }
    return {
      speech: spoken.join(" "),
      responseType: results.some((r) => r.ok) ? "action_done" : "error",
      results,
    };
  }

  return {
    hold(conversationId, held, reply) {
      const entry = pending.get(conversationId) ?? { calls: [] };
      entry.calls.push({ held, reply });
      pending.set(conversationId, entry);
    },
    holds: (conversationId) => pending.get(conversationId) !== undefined,
    asked(conversationId, question) {
      const entry = pending.get(conversationId);
      if (entry) entry.question = question;
    },
    async answer(conversationId, text, language, turn) {
      const held = pending.get(conversationId);
      if (!held) return undefined;
      const consent = consentOf(text, language);
      if (consent === "yes") {
        pending.delete(conversationId);
        return run(held, turn, language);
      }
      const cancelled = {
        speech: cancelledSpeech(language),
        responseType: "action_done" as const,
        results: [],
      };
      if (consent === "no") {
        pending.delete(conversationId);
        return cancelled;
      }
      // Unclear. A new request moves on: what was held is dropped, never run.
      if (await turn.isRequest?.(text)) {
        pending.delete(conversationId);
        return undefined;
      }
      if (held.askedAgain || !held.question) {
        pending.delete(conversationId);
        return cancelled;
      }
      held.askedAgain = true;
      return { speech: askAgainSpeech(language, held.question), responseType: "query_answer", results: [] };
    },
  };
}
